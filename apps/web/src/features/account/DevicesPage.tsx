import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TDeviceSession } from "@velvet/shared/api/safety";
import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { ComputerIcon, PhoneIcon } from "../../ui/icons";
import { useAuthStore } from "../auth";
import { describeDevice } from "./device-label";
import { SettingsSubpage } from "./SettingsSubpage";

const devicesKey = ["account-devices"] as const;

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** Account settings → Devices: where the member is signed in, with "Sign out" per device and everywhere else. */
export default function DevicesPage() {
  const impersonated = useAuthStore((state) => state.user?.impersonated ?? false);
  return (
    <SettingsSubpage
      title="Devices"
      description="Where you are signed in. If you don't recognise a device, sign it out and change your password."
    >
      {impersonated ? (
        <FormAlert tone="info">You are acting as this member: their devices are theirs to manage.</FormAlert>
      ) : (
        <DeviceList />
      )}
    </SettingsSubpage>
  );
}

function DeviceList() {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: devicesKey,
    queryFn: async () => (await callEndpoint(accountEndpoints.sessions)).data,
  });

  const run = async (key: string, action: () => Promise<number>, done: (count: number) => string) => {
    setBusy(key);
    setProblem(null);
    setNotice(null);
    try {
      const count = await action();
      // The list first, then the notice: the two agree when the notice appears.
      await queryClient.invalidateQueries({ queryKey: devicesKey });
      setNotice(done(count));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    } finally {
      setBusy(null);
    }
  };
  const signOut = (device: TDeviceSession) =>
    run(
      device.id,
      async () => (await callEndpoint(accountEndpoints.endSession, { params: { id: device.id } })).data.signed_out,
      () => `${describeDevice(device.user_agent).label} is signed out.`,
    );
  const signOutOthers = () =>
    run(
      "others",
      async () => (await callEndpoint(accountEndpoints.endOtherSessions)).data.signed_out,
      (count) => (count === 1 ? "1 other device is signed out." : `${count} other devices are signed out.`),
    );

  if (query.isPending)
    return <div className="card h-48 animate-pulse" role="status" aria-busy="true" aria-label="Loading devices" />;
  if (query.isError) {
    return (
      <div className="card space-y-3 p-6 text-center">
        <p className="font-semibold text-velvet-900">We couldn't load your devices.</p>
        <button type="button" className="btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const devices = query.data;
  const others = devices.filter((device) => !device.current).length;
  return (
    <div className="space-y-4">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      <ul className="card divide-y divide-velvet-100" aria-label="Signed-in devices">
        {devices.map((device) => {
          const { label, mobile } = describeDevice(device.user_agent);
          const Icon = mobile ? PhoneIcon : ComputerIcon;
          return (
            <li
              key={device.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-3 px-4 py-4 sm:flex-nowrap sm:px-6"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-velvet-50 text-velvet-700">
                <Icon className="size-6" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-velvet-900">
                  {label}
                  {device.current ? (
                    <span className="rounded-pill bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-muted">
                  {device.ip ?? "Unknown address"} · Last active {when(device.last_used_at)}
                </p>
                <p className="text-xs text-muted">Signed in {when(device.created_at)}</p>
              </div>
              {device.current ? null : (
                <button
                  type="button"
                  className="btn-outline ml-auto shrink-0"
                  disabled={busy !== null}
                  aria-label={`Sign out ${label}`}
                  onClick={() => void signOut(device)}
                >
                  {busy === device.id ? "Signing out…" : "Sign out"}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <button
          type="button"
          className="btn w-full border border-danger/40 bg-white text-rose-700 hover:bg-danger/10 sm:w-auto"
          disabled={busy !== null}
          onClick={() => void signOutOthers()}
        >
          {busy === "others" ? "Signing out…" : "Sign out everywhere else"}
        </button>
      ) : (
        <p className="text-sm text-muted">You are signed in on this device only.</p>
      )}
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TNotificationKind, TNotificationSettings } from "@velvet/shared/api/push";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { fetchNotificationSettings, saveNotificationSettings } from "./push-api";
import { PUSH_SUBSCRIPTION_CHANGED } from "./push-events";
import { disablePush, enablePush, hasPushSubscription, type PushState, pushState } from "./web-push";

const settingsKey = ["notification-settings"] as const;

const rows: Array<{ kind: TNotificationKind; label: string; hint: string }> = [
  { kind: "messages", label: "Messages", hint: "Someone writes to you" },
  { kind: "likes", label: "Likes", hint: "Someone likes your profile" },
  { kind: "winks", label: "Winks", hint: "Someone winks at you" },
  { kind: "favorites", label: "Favourites", hint: "Someone adds you to their favourites" },
  { kind: "visits", label: "Profile visits", hint: "Someone looks at your profile" },
];

/**
 * Account settings → Notifications: per kind, by email (the digest while you are away) and by push (this and
 * your other browsers, while the site is closed), and whether this browser receives pushes at all.
 */
export function NotificationSettingsSection() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchNotificationSettings });
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onMutate: (next) => queryClient.setQueryData(settingsKey, next),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    onError: () => void queryClient.invalidateQueries({ queryKey: settingsKey }),
  });

  const toggle = (kind: TNotificationKind, channel: "email" | "push") => {
    const current = settings.data;
    if (!current) return;
    const next: TNotificationSettings = {
      ...current,
      [kind]: { ...current[kind], [channel]: !current[kind][channel] },
    };
    save.mutate(next);
  };

  return (
    <div className="space-y-5">
      <ThisDevice />
      {settings.isError ? <FormAlert tone="error">We couldn't load your settings just now.</FormAlert> : null}
      {save.isError ? (
        <FormAlert tone="error">
          {save.error instanceof ApiError ? save.error.message : "Your change was not saved. Please try again."}
        </FormAlert>
      ) : null}
      <div className="overflow-hidden rounded-xl border border-velvet-100">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Which notifications you get by email and by push</caption>
          <thead className="bg-velvet-50 text-xs font-semibold tracking-wide text-velvet-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">
                Notification
              </th>
              <th scope="col" className="w-20 px-2 py-2.5 text-center">
                Email
              </th>
              <th scope="col" className="w-20 px-2 py-2.5 text-center">
                Push
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-velvet-100">
            {rows.map((row) => (
              <tr key={row.kind}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <span className="block font-semibold text-velvet-900">{row.label}</span>
                  <span className="block text-xs text-muted">{row.hint}</span>
                </th>
                {(["email", "push"] as const).map((channel) => (
                  <td key={channel} className="px-2 py-3 text-center">
                    <input
                      type="checkbox"
                      className="size-5 cursor-pointer accent-rose-500 disabled:cursor-wait"
                      aria-label={`${row.label} by ${channel}`}
                      disabled={!settings.data}
                      checked={settings.data?.[row.kind][channel] ?? false}
                      onChange={() => toggle(row.kind, channel)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted" aria-live="polite">
        {save.isSuccess ? "Saved." : "Changes are saved as you make them."}
      </p>
    </div>
  );
}

/** Whether this browser shows pushes, with the one action that fits. */
function ThisDevice() {
  const [state, setState] = useState<PushState>(pushState);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const check = () => void hasPushSubscription().then(setSubscribed);
    check();
    window.addEventListener(PUSH_SUBSCRIPTION_CHANGED, check);
    return () => window.removeEventListener(PUSH_SUBSCRIPTION_CHANGED, check);
  }, []);
  const on = state === "granted" && subscribed === true;
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
      setState(pushState());
      setSubscribed(await hasPushSubscription());
    }
  };
  const line =
    state === "unsupported"
      ? "This browser cannot show notifications while the site is closed."
      : state === "denied"
        ? "Notifications are blocked for this site in your browser's settings."
        : on
          ? "On: this device shows notifications even with the site closed."
          : "Off on this device.";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-velvet-100 p-4">
      <div className="min-w-0">
        <span className="block font-semibold text-velvet-900">Push on this device</span>
        <span className="block text-sm text-muted" data-testid="push-device-state">
          {line}
        </span>
      </div>
      {state === "default" || (state === "granted" && !on) ? (
        <button
          type="button"
          className="btn-primary px-4 py-2 text-sm"
          disabled={busy}
          onClick={() => void run(async () => void (await enablePush()))}
        >
          Turn on
        </button>
      ) : on ? (
        <button
          type="button"
          className="btn-outline px-4 py-2 text-sm"
          disabled={busy}
          onClick={() => void run(() => disablePush({ tellServer: true }))}
        >
          Turn off
        </button>
      ) : null}
    </div>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { FormAlert, TextField } from "../../ui/forms/fields";

const statusKey = ["two-factor-status"] as const;

type Step =
  | { kind: "idle" }
  | { kind: "password" }
  | { kind: "scan"; secret: string; qrCode: string }
  | { kind: "codes"; codes: string[] }
  | { kind: "disable" };

/** Account settings → Two-factor sign-in: an authenticator app's code after the password, with recovery codes. */
export function TwoFactorSection({ impersonated }: { impersonated: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useQuery({
    queryKey: statusKey,
    queryFn: async () => (await callEndpoint(accountEndpoints.twoFactorStatus)).data,
    enabled: !impersonated,
  });

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    setNotice(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && (error.errors.password || error.errors.code)) {
        setErrors({ password: error.errors.password?.[0], code: error.errors.code?.[0] });
      } else setNotice(error instanceof ApiError ? error.message : "Please try again.");
    } finally {
      setBusy(false);
    }
  };
  const reset = (next: Step) => {
    setStep(next);
    setPassword("");
    setCode("");
    setErrors({});
  };

  if (impersonated) return <p className="text-sm text-muted">Locked while you act as this member.</p>;
  if (status.isPending) return <div className="h-16 animate-pulse rounded-xl bg-velvet-50" />;
  if (status.isError) return <FormAlert tone="error">We couldn't load this setting. Please reload the page.</FormAlert>;

  const passwordField = (
    <TextField
      label="Your password"
      type="password"
      autoComplete="current-password"
      value={password}
      error={errors.password}
      onChange={(event) => setPassword(event.target.value)}
    />
  );
  const codeField = (label: string) => (
    <TextField
      label={label}
      autoComplete="one-time-code"
      value={code}
      error={errors.code}
      onChange={(event) => setCode(event.target.value)}
    />
  );

  return (
    <div className="space-y-4">
      {notice ? <FormAlert tone="error">{notice}</FormAlert> : null}
      <p className="flex items-center gap-2 text-sm">
        <span
          className={`rounded-pill px-2.5 py-0.5 text-xs font-semibold ${status.data.enabled ? "bg-success/10 text-success" : "bg-velvet-50 text-velvet-700"}`}
        >
          {status.data.enabled ? "On" : "Off"}
        </span>
        <span className="text-muted">
          {status.data.enabled
            ? `${status.data.recovery_codes_left} recovery codes left.`
            : "Sign in with a code from an authenticator app as well as your password."}
        </span>
      </p>

      {step.kind === "idle" && !status.data.enabled ? (
        <button type="button" className="btn-outline" onClick={() => reset({ kind: "password" })}>
          Turn on two-factor sign-in
        </button>
      ) : null}
      {step.kind === "idle" && status.data.enabled ? (
        <button type="button" className="btn-outline" onClick={() => reset({ kind: "disable" })}>
          Turn off two-factor sign-in
        </button>
      ) : null}

      {step.kind === "password" ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void attempt(async () => {
              const { data } = await callEndpoint(accountEndpoints.twoFactorSetup, { body: { password } });
              setStep({ kind: "scan", secret: data.secret, qrCode: data.qr_code });
            });
          }}
        >
          {passwordField}
          <div className="flex gap-2">
            <button type="button" className="btn-outline" onClick={() => reset({ kind: "idle" })}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy || !password}>
              Continue
            </button>
          </div>
        </form>
      ) : null}

      {step.kind === "scan" ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void attempt(async () => {
              const { data } = await callEndpoint(accountEndpoints.twoFactorEnable, { body: { password, code } });
              await queryClient.invalidateQueries({ queryKey: statusKey });
              setStep({ kind: "codes", codes: data.recovery_codes });
            });
          }}
        >
          <p className="text-sm text-ink/80">
            Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…), then enter the
            6-digit code it shows.
          </p>
          <img
            src={step.qrCode}
            alt="QR code for your authenticator app"
            className="size-44 rounded-xl border border-velvet-100 bg-white p-2"
          />
          <p className="text-xs text-muted">
            Can't scan? Enter this key:{" "}
            <code className="font-mono text-sm break-all text-velvet-900" data-testid="two-factor-secret">
              {step.secret}
            </code>
          </p>
          {codeField("Code from the app")}
          <div className="flex gap-2">
            <button type="button" className="btn-outline" onClick={() => reset({ kind: "idle" })}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy || !code}>
              Turn on
            </button>
          </div>
        </form>
      ) : null}

      {step.kind === "codes" ? (
        <div className="space-y-3">
          <FormAlert tone="success">Two-factor sign-in is on.</FormAlert>
          <p className="text-sm text-ink/80">
            Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are shown only
            now.
          </p>
          <ul
            aria-label="Recovery codes"
            className="grid grid-cols-2 gap-2 rounded-xl bg-velvet-50 p-4 font-mono text-sm text-velvet-900"
          >
            {step.codes.map((value) => (
              <li key={value}>{value}</li>
            ))}
          </ul>
          <button type="button" className="btn-primary" onClick={() => reset({ kind: "idle" })}>
            I have saved them
          </button>
        </div>
      ) : null}

      {step.kind === "disable" ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void attempt(async () => {
              await callEndpoint(accountEndpoints.twoFactorDisable, { body: { password, code } });
              await queryClient.invalidateQueries({ queryKey: statusKey });
              reset({ kind: "idle" });
            });
          }}
        >
          {passwordField}
          {codeField("Code from the app, or a recovery code")}
          <div className="flex gap-2">
            <button type="button" className="btn-outline" onClick={() => reset({ kind: "idle" })}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn border border-danger/40 bg-white text-rose-700 hover:bg-danger/10"
              disabled={busy || !password || !code}
            >
              Turn off
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

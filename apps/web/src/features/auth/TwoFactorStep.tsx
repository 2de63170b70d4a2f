import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { FormAlert, SubmitButton, TextField } from "../../ui/forms/fields";
import { storeTokenResponse } from "./auth-store";

/**
 * The second step of signing in for a member with two-factor sign-in: the
 * six-digit code from their authenticator app, or one of their recovery codes.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: string;
  onSignedIn(user: Awaited<ReturnType<typeof storeTokenResponse>>): void;
  onStartOver(): void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    setProblem(null);
    try {
      const { authEndpoints } = await import("@velvet/shared/contract/auth");
      const response = await callEndpoint(authEndpoints.loginTwoFactor, { body: { challenge, code } });
      onSignedIn(await storeTokenResponse(response));
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.code?.[0]) setError(failure.errors.code[0]);
      else setProblem(failure instanceof ApiError ? failure.message : "Please try again.");
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-5"
      aria-label="Two-factor sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted">
        Open your authenticator app and enter the 6-digit code for Velvet Hearts. Lost your phone? Enter one of your
        recovery codes instead.
      </p>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <SubmitButton busy={busy}>Verify</SubmitButton>
      <button
        type="button"
        className="w-full text-center text-sm font-semibold text-velvet-600 hover:text-velvet-800"
        onClick={onStartOver}
      >
        Start over
      </button>
    </form>
  );
}

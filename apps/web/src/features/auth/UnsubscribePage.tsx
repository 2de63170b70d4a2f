import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { AuthCard } from "../../ui/forms/AuthCard";
import { FormAlert } from "../../ui/forms/fields";

/** From the footer of a notification email: one click, no sign-in. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const unsubscribe = async () => {
    setBusy(true);
    try {
      const { message } = await callEndpoint(accountEndpoints.unsubscribe, { body: { token } });
      setResult({ tone: "success", text: message });
    } catch (error) {
      const text =
        error instanceof ApiError ? (Object.values(error.errors)[0]?.[0] ?? error.message) : "Please try again.";
      setResult({ tone: "error", text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Unsubscribe" subtitle="Stop notification emails about messages, winks and visits.">
      <div className="space-y-5">
        {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
        {result?.tone !== "success" ? (
          <button
            type="button"
            className="btn-primary w-full py-3 text-base"
            disabled={busy || !token}
            onClick={unsubscribe}
          >
            Unsubscribe from notification emails
          </button>
        ) : (
          <Link to="/" className="btn-outline w-full py-3 text-base">
            Back to home
          </Link>
        )}
        <p className="text-xs text-muted">You can turn them on again any time in your account settings.</p>
      </div>
    </AuthCard>
  );
}

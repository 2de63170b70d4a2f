import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { AuthCard } from "../../ui/forms/AuthCard";
import { FormAlert } from "../../ui/forms/fields";
import { logout, useAuthStore } from "../auth";

/** Where a deactivated member is confined (spec §4), with the way back. */
export default function DeactivatedPage() {
  const navigate = useNavigate();
  const username = useAuthStore((state) => state.user?.username);
  // Reactivating is the member's own decision: an operator acting as them cannot (the server refuses too).
  const impersonated = useAuthStore((state) => state.user?.impersonated ?? false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const reactivate = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await callEndpoint(accountEndpoints.reactivate);
      await useAuthStore.getState().fetchUser();
      navigate("/dashboard", { replace: true });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Your account is deactivated"
      subtitle={`${username ? `${username}, your` : "Your"} profile is hidden and nobody can message you. Your messages and credits are kept safe.`}
    >
      <div className="space-y-4">
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <button
          type="button"
          className="btn-primary w-full py-3 text-base"
          disabled={busy || impersonated}
          onClick={reactivate}
        >
          Reactivate my account
        </button>
        <button type="button" className="btn-outline w-full py-3 text-base" onClick={() => void logout("page")}>
          Logout
        </button>
      </div>
    </AuthCard>
  );
}

import { authEndpoints } from "@velvet/shared/contract/auth";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { AuthCard } from "../../ui/forms/AuthCard";
import { FormAlert } from "../../ui/forms/fields";
import { useAuthStore } from "./auth-store";

/** Opens from the verification mail; confirms the address without asking anything. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const [state, setState] = useState<{ tone: "success" | "error" | "info"; text: string }>({
    tone: "info",
    text: "Confirming your email address…",
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setState({ tone: "error", text: "This verification link is invalid or has expired." });
      return;
    }
    callEndpoint(authEndpoints.verifyEmail, { body: { token } })
      .then(({ message }) => {
        setState({ tone: "success", text: message });
        if (useAuthStore.getState().loggedIn) void useAuthStore.getState().fetchUser();
      })
      .catch((error: unknown) => {
        const text =
          error instanceof ApiError ? (Object.values(error.errors)[0]?.[0] ?? error.message) : "Please try again.";
        setState({ tone: "error", text });
      });
  }, [token]);

  return (
    <AuthCard title="Confirm your email">
      <div className="space-y-5">
        <FormAlert tone={state.tone}>{state.text}</FormAlert>
        <Link to={loggedIn ? "/dashboard" : "/login"} className="btn-primary w-full py-3 text-base">
          {loggedIn ? "Start browsing" : "Log In"}
        </Link>
      </div>
    </AuthCard>
  );
}

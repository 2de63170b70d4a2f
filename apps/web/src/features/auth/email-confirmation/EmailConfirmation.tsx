import { useEffect, useState } from "react";
import { Link } from "react-router";
import { callEndpoint } from "../../../lib/api-client";
import { useAuthStore } from "../auth-store";
import { type ResendOutcome, resendOutcome } from "./resend-outcome";

/** Loaded when first used, as the auth store does: the schemas stay out of the first-load bundle. */
const authEndpoints = () => import("@velvet/shared/contract/auth").then((module) => module.authEndpoints);

/** Account settings' email section (it scrolls to and focuses the new-address field). */
export const CHANGE_ADDRESS_PATH = "/account#email";

/**
 * An unconfirmed member may browse but not chat: this says so wherever it matters, with the
 * two ways forward, sending the link again and fixing a mistyped address.
 */
function useEmailConfirmation() {
  const user = useAuthStore((state) => state.user);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);
  // A deactivated account has other things to sort out first (/deactivated).
  const needed = user !== null && !user.email_verified && !user.deactivated;
  const address = user?.pending_email ?? user?.email ?? "";

  // Confirmed in another tab or on the phone: coming back to this tab reloads the member and the notice goes.
  useEffect(() => {
    if (!needed) return;
    const recheck = () => {
      if (document.visibilityState === "visible") void useAuthStore.getState().fetchUser();
    };
    document.addEventListener("visibilitychange", recheck);
    return () => document.removeEventListener("visibilitychange", recheck);
  }, [needed]);

  const resend = async () => {
    setSending(true);
    try {
      setOutcome(resendOutcome(await callEndpoint((await authEndpoints()).resendVerification), address));
    } catch (error) {
      setOutcome(resendOutcome(error, address));
    } finally {
      setSending(false);
    }
  };
  return { needed, address, sending, outcome, resend };
}

type Confirmation = ReturnType<typeof useEmailConfirmation>;

function Actions({ confirmation }: { confirmation: Confirmation }) {
  return (
    <div className="flex shrink-0 items-center gap-2">
      <button
        type="button"
        className="rounded-pill bg-velvet-700 px-3.5 py-1.5 text-xs font-semibold text-white transition hover:bg-velvet-800 disabled:opacity-60"
        onClick={() => void confirmation.resend()}
        disabled={confirmation.sending}
      >
        {confirmation.sending ? "Sending…" : "Resend"}
      </button>
      <Link
        to={CHANGE_ADDRESS_PATH}
        className="rounded-pill px-3 py-1.5 text-xs font-semibold text-velvet-700 ring-1 ring-velvet-200 transition hover:bg-white hover:text-velvet-900"
      >
        Change address
      </Link>
    </div>
  );
}

function Outcome({ outcome }: { outcome: ResendOutcome | null }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.tone === "error" ? "alert" : "status"}
      className={`text-xs font-semibold ${outcome.tone === "error" ? "text-danger" : "text-success"}`}
    >
      {outcome.text}
    </p>
  );
}

/** The strip under the account header while the address is unconfirmed. */
export function EmailConfirmationBanner() {
  const confirmation = useEmailConfirmation();
  if (!confirmation.needed) return null;
  return (
    <section aria-label="Confirm your email" className="border-b border-rose-300/40 bg-cream-100">
      <div className="page-container flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5">
        <p className="min-w-0 flex-1 basis-64 text-sm text-velvet-900">
          <span className="font-semibold">Confirm your email to start chatting</span>, we sent a link to{" "}
          <span className="font-semibold [overflow-wrap:anywhere]">{confirmation.address}</span>.
        </p>
        <Actions confirmation={confirmation} />
        <div className="basis-full empty:hidden">
          <Outcome outcome={confirmation.outcome} />
        </div>
      </div>
    </section>
  );
}

/** In place of a message box: why sending is blocked, with the same two actions (no "Try again"). */
export function EmailConfirmationNotice({ className = "" }: { className?: string }) {
  const confirmation = useEmailConfirmation();
  if (!confirmation.needed) return null;
  return (
    <div data-testid="email-confirmation-notice" className={`space-y-2 ${className}`}>
      <p className="text-sm text-velvet-900">
        <span className="font-semibold">Confirm your email to send messages.</span> We sent a link to{" "}
        <span className="font-semibold [overflow-wrap:anywhere]">{confirmation.address}</span>.
      </p>
      <Actions confirmation={confirmation} />
      <Outcome outcome={confirmation.outcome} />
    </div>
  );
}

/** Whether the signed-in member still has to confirm their address before sending. */
export function useNeedsEmailConfirmation(): boolean {
  return useAuthStore((state) => state.user !== null && !state.user.email_verified);
}

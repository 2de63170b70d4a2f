import type { TCurrentUser } from "@velvet/shared/api/auth";
import { useAuthStore } from "../auth";

/** Spec §9: the balance shows '24h' with the unlimited-message pass, else the credits (0 when not positive). */
export function balanceLabel(user: Pick<TCurrentUser, "credits" | "has_unli_message">): string {
  return user.has_unli_message ? "24h" : String(Math.max(0, user.credits));
}

/** A send answers with the member's balance and pass afterwards: show them at once, everywhere. */
export function applyBalance(sender: Pick<TCurrentUser, "credits" | "has_unli_message">): void {
  const { user, setUser } = useAuthStore.getState();
  if (user) setUser({ ...user, credits: sender.credits, has_unli_message: sender.has_unli_message });
}

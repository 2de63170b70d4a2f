import type { TPayment, TPaymentStatus } from "@velvet/shared/api/payments";
import { formatCredits } from "./money";

/** Only pending is waiting for the gateway; the page stops polling once a payment is anything else. */
export function isSettled(status: TPaymentStatus): boolean {
  return status !== "pending";
}

/** Poll briskly while a bank usually answers, then ease off (a payment left pending may take hours). */
export function pollInterval(status: TPaymentStatus | undefined, waitedMs: number): number | false {
  if (status && isSettled(status)) return false;
  return waitedMs < 60_000 ? 2_000 : 15_000;
}

/** What a paid payment gave the member, for the success message. */
export function paidSummary(payment: Pick<TPayment, "kind" | "credits" | "promo_bonus_credits" | "vip_bonus_credits">) {
  const credits = payment.credits + payment.promo_bonus_credits + payment.vip_bonus_credits;
  if (payment.kind === "pass") return "Your 24-hour pass is active: message as much as you like.";
  if (payment.kind === "vip") return `Welcome to VIP. ${formatCredits(credits)} credits were added to your balance.`;
  return `${formatCredits(credits)} credits were added to your balance.`;
}

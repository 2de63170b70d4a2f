import { paymentMessages } from "@velvet/shared/api/payments";
import { AppError } from "../../platform/http/app-error";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";
import type { PaymentGateway } from "./gateway";

interface PaymentPolicy {
  assertMayBuy(auth: Authenticated, gateway: PaymentGateway | undefined): asserts gateway;
  assertMayView<T extends { userId: number }>(auth: Authenticated, payment: T | undefined): asserts payment is T;
}

export const paymentPolicy: PaymentPolicy = {
  /** Only the member buys, for themselves: never an operator acting as them, never from /deactivated. */
  assertMayBuy(auth, gateway) {
    accountPolicy.assertNotImpersonating(auth);
    accountPolicy.assertActive(auth.user);
    // PAYMENT_GATEWAY=disabled: the store shows its prices, but nothing can be bought.
    if (!gateway) throw new AppError("forbidden", paymentMessages.paymentsUnavailable);
  },

  /** A payment is its buyer's business: anyone else is told it does not exist. */
  assertMayView(auth, payment) {
    if (!payment || payment.userId !== auth.user.id) throw new AppError("not_found");
  },
};

import { paymentMessages } from "@velvet/shared/api/payments";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { payments } from "../../platform/db/schema/payments";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";
import { hashToken, randomToken } from "../../platform/security/secrets";
import { findActivePackage, isVip, quotePackage } from "../credits";
import { currentPromotion, promotionFor } from "../promotions";
import { purchasesSuspended } from "./account-flags";
import type { PaymentGateway } from "./gateway";
import { paymentPolicy } from "./policy";
import { presentPayment } from "./presenter";
import { CUSTOM1_TTL_MS, checkoutBrowserValue, voidReturnLink } from "./return-link";
import { assertWithinSpendingControls } from "./spending-controls";

/**
 * Starts a purchase: the price and credits are quoted now (promotion and VIP
 * included) and frozen on the payment, which waits as pending until the
 * gateway says otherwise. The member then pays on the gateway's own page. Answers, with the payment, the value
 * of the checkout cookie that binds its return link to this browser (`browser`: the one it already holds).
 */
export async function createPayment(
  context: AppContext,
  gateway: PaymentGateway | undefined,
  auth: Authenticated,
  input: { packageId: number; browser: string | undefined },
) {
  paymentPolicy.assertMayBuy(auth, gateway);
  const { db } = context.database;
  // An uncleared chargeback: the bank took money back, so no new payment until an admin has looked.
  if (await purchasesSuspended(db, auth.user.id)) throw new AppError("forbidden", paymentMessages.purchasesSuspended);
  const item = await findActivePackage(db, input.packageId);
  if (!item) throw AppError.field("package_id", paymentMessages.packageUnavailable);
  const promotion = promotionFor(auth.user, await currentPromotion(context));
  const quote = quotePackage(item, { promotion, vip: isVip(auth.user) });
  const custom1 = randomToken();
  const browser = await checkoutBrowserValue(db, auth.user.id, input.browser);
  // One clock for both: the return link lives exactly CUSTOM1_TTL_MS from the payment's creation.
  const createdAt = new Date();
  const payment = await db.transaction(async (tx) => {
    await assertWithinSpendingControls(context, tx, auth.user.id, quote.priceCents);
    const [inserted] = await tx
      .insert(payments)
      .values({
        userId: auth.user.id,
        packageId: item.id,
        kind: item.kind,
        packageName: item.name,
        credits: quote.credits,
        promoBonusCredits: quote.promoBonusCredits,
        vipBonusCredits: quote.vipBonusCredits,
        durationHours: item.durationHours,
        priceCents: quote.priceCents,
        currency: item.currency,
        promotionName: quote.promotionApplied ? (promotion?.name ?? null) : null,
        gateway: gateway.name,
        custom1Hash: hashToken(custom1),
        checkoutBrowserHash: hashToken(browser),
        createdAt,
        custom1ExpiresAt: new Date(createdAt.getTime() + CUSTOM1_TTL_MS),
      })
      .returning();
    return inserted;
  });
  if (!payment) throw new AppError("internal");
  const returnUrl = new URL(`${context.config.appUrl}${gateway.returnPath}`);
  returnUrl.searchParams.set("payment", payment.id);
  returnUrl.searchParams.set("custom1", custom1);
  const checkout = await gateway.createCheckout({
    paymentId: payment.id,
    amountCents: payment.priceCents,
    currency: payment.currency,
    description: describe(payment),
    returnUrl: returnUrl.toString(),
  });
  await db
    .update(payments)
    .set({ gatewayReference: checkout.reference, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  return {
    created: { id: payment.id, status: "pending" as const, checkout_url: checkout.checkoutUrl },
    checkoutBrowser: browser,
  };
}

function describe(payment: {
  kind: string;
  packageName: string;
  credits: number;
  promoBonusCredits: number;
  vipBonusCredits: number;
}) {
  const total = payment.credits + payment.promoBonusCredits + payment.vipBonusCredits;
  if (payment.kind === "credits") return `${payment.packageName}: ${total.toLocaleString("en-AU")} credits`;
  if (payment.kind === "vip" && total > 0) return `${payment.packageName} (30 days) with ${total} credits`;
  return payment.packageName;
}

/**
 * The buyer's own payment; anyone else gets 404. The owner reading it also voids its return link: a buyer who is
 * signed in has no use for it, and it must not stay behind in the browser's history for someone else.
 */
export async function findPayment(context: AppContext, auth: Authenticated, id: string) {
  const { db } = context.database;
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  paymentPolicy.assertMayView(auth, payment);
  if (!payment.custom1UsedAt) await voidReturnLink(db, payment.id, auth.user.id);
  return presentPayment(payment);
}

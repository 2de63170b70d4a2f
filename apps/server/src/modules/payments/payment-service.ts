import { paymentMessages } from "@velvet/shared/api/payments";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { payments } from "../../platform/db/schema/payments";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";
import { hashToken, randomToken } from "../../platform/security/secrets";
import { findActivePackage, isVip, quotePackage } from "../credits";
import { currentPromotion, promotionFor } from "../promotions";
import { type IssuedTokens, startSession } from "../sessions";
import { purchasesSuspended } from "./account-flags";
import type { PaymentGateway } from "./gateway";
import { paymentPolicy } from "./policy";
import { presentPayment } from "./presenter";
import { assertWithinSpendingControls } from "./spending-controls";

/**
 * How long after the payment began its return link's custom1 can sign the
 * member back in: enough for a checkout, no more (it travels in a URL, through
 * the provider's pages and logs).
 */
export const CUSTOM1_TTL_MS = 15 * 60_000;

/**
 * Starts a purchase: the price and credits are quoted now (promotion and VIP
 * included) and frozen on the payment, which waits as pending until the
 * gateway says otherwise. The member then pays on the gateway's own page.
 */
export async function createPayment(
  context: AppContext,
  gateway: PaymentGateway | undefined,
  auth: Authenticated,
  packageId: number,
) {
  paymentPolicy.assertMayBuy(auth, gateway);
  const { db } = context.database;
  // An uncleared chargeback: the bank took money back, so no new payment until an admin has looked.
  if (await purchasesSuspended(db, auth.user.id)) throw new AppError("forbidden", paymentMessages.purchasesSuspended);
  const item = await findActivePackage(db, packageId);
  if (!item) throw AppError.field("package_id", paymentMessages.packageUnavailable);
  const promotion = promotionFor(auth.user, await currentPromotion(context));
  const quote = quotePackage(item, { promotion, vip: isVip(auth.user) });
  const custom1 = randomToken();
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
  return { id: payment.id, status: "pending" as const, checkout_url: checkout.checkoutUrl };
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

/** The buyer's own payment; anyone else gets 404. */
export async function findPayment(context: AppContext, auth: Authenticated, id: string) {
  const [payment] = await context.database.db.select().from(payments).where(eq(payments.id, id));
  paymentPolicy.assertMayView(auth, payment);
  return presentPayment(payment);
}

/**
 * The return link's custom1 signs a visitor in once (spec §4 payment auth),
 * as the member who made the payment and no one else, within CUSTOM1_TTL_MS of
 * the payment's creation (counted from created_at as well, so a row written
 * with a longer expiry cannot outlive it): used, expired, unknown, or a buyer
 * since deleted or suspended all answer 404. Claiming it and starting the
 * session are one transaction, so two tabs cannot both use it.
 */
export async function signInWithCustom1(
  context: AppContext,
  custom1: string,
  meta: { ip: string; userAgent: string | undefined },
): Promise<IssuedTokens> {
  const tokens = await context.database.db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(payments)
      .set({ custom1UsedAt: now })
      .where(
        and(
          eq(payments.custom1Hash, hashToken(custom1)),
          isNull(payments.custom1UsedAt),
          gt(payments.custom1ExpiresAt, now),
          gt(payments.createdAt, new Date(now.getTime() - CUSTOM1_TTL_MS)),
        ),
      )
      .returning({ userId: payments.userId });
    if (!claimed) return undefined;
    const [user] = await tx
      .select({ id: users.id, uuid: users.uuid })
      .from(users)
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
    if (!user) return undefined;
    return startSession(context, tx, { user, ip: meta.ip, userAgent: meta.userAgent });
  });
  if (!tokens) throw new AppError("not_found");
  return tokens;
}

import { promotionMessages, type TAbTestEventRequest } from "@velvet/shared/api/promotions";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { abTestEvents } from "../../platform/db/schema/tracking";
import { AppError } from "../../platform/http/app-error";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";
import { addCredits } from "../ledger";
import { currentPromotion, promotionFor } from "./current-promotion";
import { DELETION_OFFER_CREDITS, hasDeletionOffer, promoBadgeVariant } from "./member-offers";

/**
 * Records a promo-badge exposure or click. Like the browser, the server counts
 * it only while the member has both a group and a running event, and only for
 * the member's own group, so reports cannot be skewed by hand-made calls.
 */
export async function recordAbTestEvent(context: AppContext, auth: Authenticated, event: TAbTestEventRequest) {
  const { db } = context.database;
  const promotion = promotionFor(auth.user, await currentPromotion(context));
  const variant = promoBadgeVariant(auth.user);
  if (!promotion || !variant) throw AppError.field("ab_test_type", promotionMessages.noPromotion);
  if (event.group !== variant) throw AppError.field("group", promotionMessages.wrongGroup);
  await db.insert(abTestEvents).values({
    userId: auth.user.id,
    abTestType: event.ab_test_type,
    groupName: event.group,
    value: event.value,
    eventName: promotion.name,
  });
}

/**
 * A member about to delete their account may take free credits instead, once
 * per account: the claim and the ledger row are one transaction, and the
 * conditional update lets only one of two concurrent claims through.
 */
export async function claimDeletionOffer(context: AppContext, auth: Authenticated, ip: string) {
  accountPolicy.assertNotImpersonating(auth);
  if (!hasDeletionOffer(auth.user)) throw new AppError("forbidden", promotionMessages.deletionOfferUsed);
  const balance = await context.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(users)
      .set({ deletionOfferClaimedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, auth.user.id), isNull(users.deletionOfferClaimedAt)))
      .returning({ id: users.id });
    if (!claimed) return null;
    const credited = await addCredits(tx, auth.user, DELETION_OFFER_CREDITS, "deletion_offer", `user:${auth.user.id}`);
    await writeAudit(tx, {
      actorId: auth.user.id,
      action: "account.deletion_offer_claimed",
      targetUserId: auth.user.id,
      metadata: { credits: DELETION_OFFER_CREDITS },
      ip,
    });
    return credited;
  });
  if (balance === null) throw new AppError("forbidden", promotionMessages.deletionOfferUsed);
  context.realtimeEvents.kick();
  return { credits: DELETION_OFFER_CREDITS, balance };
}

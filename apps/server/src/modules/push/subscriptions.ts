import type { TPushSubscriptionRequest } from "@velvet/shared/api/push";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { pushSubscriptions } from "../../platform/db/schema/push";
import type { SessionUser } from "../../platform/members/types";
import { pushPolicy } from "./policy";

/** A member keeps at most this many browsers subscribed; the oldest goes when a new one arrives. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * Keeps a browser's subscription for the member. The endpoint identifies the browser: one that was subscribed
 * for someone else (a shared computer, another account) now belongs to this member only, with its new keys.
 */
export async function saveSubscription(
  context: AppContext,
  user: SessionUser,
  subscription: TPushSubscriptionRequest,
  userAgent: string | undefined,
): Promise<void> {
  pushPolicy.assertDeliverableEndpoint(subscription.endpoint, {
    localServiceForTests: context.config.push.localServiceForTests,
  });
  const values = {
    userId: user.id,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 500) ?? null,
  };
  await context.database.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
      });
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))
      .orderBy(pushSubscriptions.id);
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_SUBSCRIPTIONS_PER_MEMBER))) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
    }
  });
}

/** Forgets the member's own subscription with this endpoint; another member's is never touched. */
export async function removeSubscription(context: AppContext, user: SessionUser, endpoint: string): Promise<boolean> {
  const removed = await context.database.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

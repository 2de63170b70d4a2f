import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import type { SessionUser } from "../../platform/members/types";
import { notify } from "../notifications";
import { notificationParty } from "../profiles";
import { countLikeOrWink } from "./daily-limit";

// Its own module because a wink is recorded both from a profile (interactions) and as a chat message
// (conversations), and interactions opens conversations: here neither depends on the other for it.
/**
 * The first wink from a member to another: the interaction row, the target's
 * received_wink_interactions_count and PROFILE_WINK. Returns false for a repeat
 * (a wink message in a chat can be sent again; it notifies only the first time).
 */
export async function recordWink(
  context: AppContext,
  tx: Db,
  viewer: SessionUser,
  target: { id: number; uuid: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(interactions)
    .values({ kind: "wink", fromUserId: viewer.id, toUserId: target.id })
    .onConflictDoNothing()
    .returning({ id: interactions.id });
  if (inserted.length === 0) return false;
  await countLikeOrWink(context, tx, viewer.id);
  await tx
    .update(users)
    .set({ receivedWinksCount: sql`${users.receivedWinksCount} + 1`, newWinksCount: sql`${users.newWinksCount} + 1` })
    .where(eq(users.id, target.id));
  await notify(tx, {
    recipient: target,
    from: await notificationParty(context, tx, viewer),
    actionType: "PROFILE_WINK",
  });
  return true;
}

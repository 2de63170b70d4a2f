import { randomUUID } from "node:crypto";
import type { TProfileCard } from "@velvet/shared/api/profiles";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { and, desc, eq, lt, max, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import { profileVisits } from "../../platform/db/schema/profiles";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated, SessionUser } from "../../platform/members/types";
import { appendMessage, openConversation, removeBlockedMemberFromConversation } from "../conversations";
import { notify } from "../notifications";
import { cardColumns, findVisibleProfile, notificationParty, presentCard, siteHour, visibleTo } from "../profiles";
import { countLikeOrWink, recordWink } from "../winks";

export type InteractionKind = "like" | "wink" | "favorite" | "block";

/**
 * Like, wink, favorite and block: idempotent (a repeat changes nothing and
 * notifies no one), free, and impossible across a block (the target is a 404).
 * A like or a wink also appears in the pair's conversation as a free message
 * of its type, raising only its own notification.
 */
export async function addInteraction(
  context: AppContext,
  auth: Authenticated,
  targetUuid: string,
  kind: InteractionKind,
): Promise<void> {
  const viewer = auth.user;
  const { db } = context.database;
  const target = await findVisibleProfile(db, viewer, targetUuid);
  accountPolicy.assertMayActToward(auth, target);
  // Blocking stays open to everyone: it protects the member, it reaches no one.
  if (kind !== "block" && !target.isFictional) accountPolicy.assertVerified(viewer);
  const created = await db.transaction(async (tx) => {
    if (kind === "wink") {
      const winked = await recordWink(context, tx, viewer, target);
      if (winked) await appendInteractionMessage(context, tx, viewer, target, "wink");
      return winked;
    }
    const inserted = await tx
      .insert(interactions)
      .values({ kind, fromUserId: viewer.id, toUserId: target.id })
      .onConflictDoNothing()
      .returning({ id: interactions.id });
    if (inserted.length === 0 || kind === "block") return false;
    if (kind === "like") {
      await countLikeOrWink(context, tx, viewer.id);
      await tx
        .update(users)
        .set({ newLikesCount: sql`${users.newLikesCount} + 1` })
        .where(eq(users.id, target.id));
    }
    // The sender's details are needed only when someone is actually told.
    const from = await notificationParty(context, tx, viewer);
    if (kind === "like") {
      await notify(tx, {
        recipient: target,
        from,
        actionType: "USER_LIKE",
        extra: { liker: { uuid: viewer.uuid, username: viewer.username } },
      });
      await appendInteractionMessage(context, tx, viewer, target, "like");
    } else if (kind === "favorite") {
      await tx
        .update(users)
        .set({ unreadFavoritesCount: sql`${users.unreadFavoritesCount} + 1` })
        .where(eq(users.id, target.id));
      await notify(tx, { recipient: target, from, actionType: "USER_FAVORITE" });
    }
    return true;
  });
  if (created) context.realtimeEvents.kick();
  if (kind === "block") await removeBlockedMemberFromConversation(context, viewer.id, target);
}

async function appendInteractionMessage(
  context: AppContext,
  tx: Db,
  viewer: SessionUser,
  target: { id: number; uuid: string },
  type: "like" | "wink",
): Promise<void> {
  const conversation = await openConversation(tx, viewer.id, target.id);
  await appendMessage(context, tx, {
    sender: viewer,
    partner: target,
    conversationId: conversation.id,
    conversationUuid: conversation.uuid,
    type,
    text: null,
    imageId: null,
    clientId: randomUUID(),
    chargeable: false,
    notifyRecipient: false,
  });
}

/** Unlike, unfavorite, unblock. Unblocking finds the member even though they are hidden while blocked. */
export async function removeInteraction(
  context: AppContext,
  auth: Authenticated,
  targetUuid: string,
  kind: Exclude<InteractionKind, "wink">,
) {
  const viewer = auth.user;
  const { db } = context.database;
  const [target] = await db
    .select({ id: users.id, isFictional: users.isFictional })
    .from(users)
    .where(eq(users.uuid, targetUuid));
  if (!target) return;
  accountPolicy.assertMayActToward(auth, target);
  await db
    .delete(interactions)
    .where(
      and(eq(interactions.kind, kind), eq(interactions.fromUserId, viewer.id), eq(interactions.toUserId, target.id)),
    );
}

const LIST_PAGE_SIZE = 24;

/**
 * /my-favorites: the profiles I favorited, or the members who favorited me
 * (opening that tab clears unread_favorites_count). Newest first, cursor on the row id.
 */
export async function listFavorites(
  context: AppContext,
  viewer: SessionUser,
  tab: "mine" | "favorited_me",
  cursor?: number,
) {
  const { db } = context.database;
  const mine = tab === "mine";
  const rows = await db
    .select({ ...cardColumns, rowId: interactions.id })
    .from(interactions)
    .innerJoin(users, eq(users.id, mine ? interactions.toUserId : interactions.fromUserId))
    .where(
      and(
        eq(interactions.kind, "favorite"),
        eq(mine ? interactions.fromUserId : interactions.toUserId, viewer.id),
        visibleTo(viewer.id),
        cursor ? lt(interactions.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(interactions.id))
    .limit(LIST_PAGE_SIZE + 1);
  if (!mine && !cursor) await db.update(users).set({ unreadFavoritesCount: 0 }).where(eq(users.id, viewer.id));
  return page(context, rows, (row) => row.rowId);
}

/**
 * "Likes you": the members who liked me, or winked at me, newest first, cursor on the row id.
 * Hidden, blocked and deleted members drop out as on /my-visitors; opening a tab clears its own new count.
 */
export async function listLikesYou(
  context: AppContext,
  viewer: SessionUser,
  tab: "liked_me" | "winked_me",
  cursor?: number,
) {
  const { db } = context.database;
  const kind = tab === "liked_me" ? "like" : "wink";
  const rows = await db
    .select({ ...cardColumns, rowId: interactions.id })
    .from(interactions)
    .innerJoin(users, eq(users.id, interactions.fromUserId))
    .where(
      and(
        eq(interactions.kind, kind),
        eq(interactions.toUserId, viewer.id),
        visibleTo(viewer.id),
        cursor ? lt(interactions.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(interactions.id))
    .limit(LIST_PAGE_SIZE + 1);
  if (!cursor) {
    await db
      .update(users)
      .set(tab === "liked_me" ? { newLikesCount: 0 } : { newWinksCount: 0 })
      .where(eq(users.id, viewer.id));
  }
  return page(context, rows, (row) => row.rowId);
}

/** /my-visitors: each visitor once, by their latest visit, newest first; opening it clears new_visitors_count. */
export async function listVisitors(context: AppContext, viewer: SessionUser, cursor?: number) {
  const { db } = context.database;
  const latest = db
    .select({ viewerId: profileVisits.viewerId, lastVisitId: max(profileVisits.id).as("last_visit_id") })
    .from(profileVisits)
    .where(eq(profileVisits.profileId, viewer.id))
    .groupBy(profileVisits.viewerId)
    .as("latest");
  const rows = await db
    .select({ ...cardColumns, rowId: latest.lastVisitId })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.viewerId))
    .where(and(visibleTo(viewer.id), cursor ? lt(latest.lastVisitId, cursor) : undefined))
    .orderBy(desc(latest.lastVisitId))
    .limit(LIST_PAGE_SIZE + 1);
  if (!cursor) await db.update(users).set({ newVisitorsCount: 0 }).where(eq(users.id, viewer.id));
  return page(context, rows, (row) => Number(row.rowId));
}

function page<Row extends Parameters<typeof presentCard>[0]>(
  context: AppContext,
  rows: Row[],
  idOf: (row: Row) => number,
) {
  const today = todayInTimezone(context.config.siteTimezone);
  const now = Date.now();
  const hour = siteHour(context.config.siteTimezone);
  const shown = rows.slice(0, LIST_PAGE_SIZE);
  const last = shown.at(-1);
  const cards: TProfileCard[] = shown.map((row) => presentCard(row, { storage: context.storage, today, now, hour }));
  return { cards, nextCursor: rows.length > LIST_PAGE_SIZE && last ? String(idOf(last)) : null };
}

import { NOTIFICATION_PAGE_SIZE, notificationMessages } from "@velvet/shared/api/notifications";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { notificationMutes, notifications } from "../../platform/db/schema/notifications";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { notificationPolicy } from "./policy";
import { presentNotification } from "./presenter";

/** Only the owner's rows exist for them: anyone else's notification is a 404 on every route. */
const ownNotification = (viewer: SessionUser, id: number) =>
  and(eq(notifications.id, id), eq(notifications.userId, viewer.id));

/**
 * What an operator signed in as the member may not see: the text of messages
 * from real members (their private conversations; see conversationPolicy).
 */
const messagesFromRealMembers = sql`${notifications.actionType} = 'MESSAGE_RECEIVED' and not exists (
  select 1 from ${users} sender where sender.id = ${notifications.fromUserId} and sender.is_fictional)`;

/** Newest first, by id, so a notification arriving meanwhile shifts pages predictably (the client resets to page 1). */
export async function listNotifications(
  context: AppContext,
  viewer: SessionUser,
  page: number,
  scope: { impersonated: boolean } = { impersonated: false },
) {
  const { db } = context.database;
  const visible = and(
    eq(notifications.userId, viewer.id),
    scope.impersonated ? sql`not (${messagesFromRealMembers})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(visible)
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATION_PAGE_SIZE)
      .offset((page - 1) * NOTIFICATION_PAGE_SIZE),
    db.select({ total: count() }).from(notifications).where(visible),
  ]);
  const all = total?.total ?? 0;
  return {
    data: rows.map(presentNotification),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(all / NOTIFICATION_PAGE_SIZE)), total: all },
  };
}

export async function unreadNotificationCount(context: AppContext, viewer: SessionUser): Promise<number> {
  const [row] = await context.database.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, viewer.id), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

export async function readAllNotifications(context: AppContext, viewer: SessionUser): Promise<void> {
  await context.database.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, viewer.id), isNull(notifications.readAt)));
}

export async function markNotificationRead(context: AppContext, viewer: SessionUser, id: number) {
  const { db } = context.database;
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(ownNotification(viewer, id))
    .returning();
  if (!row) throw new AppError("not_found");
  return presentNotification(row);
}

export async function deleteNotification(context: AppContext, viewer: SessionUser, id: number): Promise<void> {
  notificationPolicy.assertMayManage(viewer);
  const deleted = await context.database.db
    .delete(notifications)
    .where(ownNotification(viewer, id))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw new AppError("not_found");
}

async function senderByName(context: AppContext, viewer: SessionUser, senderName: string) {
  const [sender] = await context.database.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, senderName.toLowerCase()));
  if (!sender) throw AppError.field("sender", notificationMessages.unknownMember);
  if (sender.id === viewer.id) throw AppError.field("sender", notificationMessages.cannotMuteSelf);
  return sender;
}

/** Muting is by the sender's name, as the list shows it; muting twice is harmless. */
export async function muteSender(context: AppContext, viewer: SessionUser, senderName: string) {
  notificationPolicy.assertMayManage(viewer);
  const sender = await senderByName(context, viewer, senderName);
  await context.database.db
    .insert(notificationMutes)
    .values({ userId: viewer.id, mutedUserId: sender.id })
    .onConflictDoNothing();
  return { username: sender.username, muted: true };
}

export async function unmuteSender(context: AppContext, viewer: SessionUser, senderName: string) {
  const sender = await senderByName(context, viewer, senderName);
  await context.database.db
    .delete(notificationMutes)
    .where(and(eq(notificationMutes.userId, viewer.id), eq(notificationMutes.mutedUserId, sender.id)));
  return { username: sender.username, muted: false };
}

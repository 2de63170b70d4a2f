import type { TCurrentUser } from "@velvet/shared/api/auth";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { conversationMembers } from "../../platform/db/schema/conversations";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";
import { photoUrls, primaryPhotoKeySql } from "../profiles";
import { currentPromotion, promotionFor } from "../promotions";
import { presentCurrentUser } from "./current-user-presenter";

/**
 * The member's whole row (counters, profile, settings: the session holds only SessionUser), the primary photo and the
 * message counts in one statement, read beside the cached promotion: /api/me comes with every page load, and each
 * extra statement is a round trip on a connection.
 */
async function currentUserRow(context: AppContext, userId: number) {
  const { db } = context.database;
  const counts = db
    .select({
      unread: sql<string>`coalesce(sum(${conversationMembers.unreadCount}), 0)`.as("unread"),
      received: sql<string>`coalesce(sum(${conversationMembers.receivedCount}), 0)`.as("received"),
    })
    .from(conversationMembers)
    .where(eq(conversationMembers.userId, users.id))
    .as("message_counts");
  const [row] = await db
    .select({
      user: users,
      photoKey: primaryPhotoKeySql,
      unread: counts.unread,
      received: counts.received,
    })
    .from(users)
    .leftJoinLateral(counts, sql`true`)
    .where(eq(users.id, userId));
  // Gone between the session check and now only if the account was erased meanwhile: then the caller is signed out.
  if (!row) throw new AppError("unauthenticated");
  return row;
}

export async function loadCurrentUser(context: AppContext, auth: Authenticated): Promise<TCurrentUser> {
  const [{ user, photoKey, unread, received }, promotion] = await Promise.all([
    currentUserRow(context, auth.user.id),
    currentPromotion(context),
  ]);
  return presentCurrentUser(user, {
    primaryPhotoUrl: photoKey ? photoUrls(context.storage, photoKey).thumb : null,
    impersonated: auth.session.impersonatorId !== null,
    unreadMessages: Number(unread ?? 0),
    receivedMessages: Number(received ?? 0),
    promotion: promotionFor(user, promotion),
  });
}

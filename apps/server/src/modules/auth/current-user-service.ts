import type { TCurrentUser } from "@velvet/shared/api/auth";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { conversationMembers } from "../../platform/db/schema/conversations";
import { photos } from "../../platform/db/schema/profiles";
import type { Authenticated } from "../../platform/members/types";
import { loadUserRow } from "../../platform/members/user-row";
import { currentPromotion, promotionFor } from "../promotions";
import { presentCurrentUser } from "./current-user-presenter";

export async function primaryPhotoUrl(context: AppContext, userId: number): Promise<string | null> {
  const [photo] = await context.database.db
    .select({ key: photos.storageKey })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isPrimary, true), eq(photos.status, "approved")));
  return photo ? context.storage.publicUrl(`${photo.key}-thumb.webp`) : null;
}

export async function loadCurrentUser(context: AppContext, auth: Authenticated): Promise<TCurrentUser> {
  // The whole row (counters, profile, settings), read beside the rest: the session holds only SessionUser.
  const [user, photoUrl, [messageCounts], promotion] = await Promise.all([
    loadUserRow(context.database.db, auth.user.id),
    primaryPhotoUrl(context, auth.user.id),
    context.database.db
      .select({
        unread: sql<string>`coalesce(sum(${conversationMembers.unreadCount}), 0)`,
        received: sql<string>`coalesce(sum(${conversationMembers.receivedCount}), 0)`,
      })
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, auth.user.id)),
    currentPromotion(context),
  ]);
  return presentCurrentUser(user, {
    primaryPhotoUrl: photoUrl,
    impersonated: auth.session.impersonatorId !== null,
    unreadMessages: Number(messageCounts?.unread ?? 0),
    receivedMessages: Number(messageCounts?.received ?? 0),
    promotion: promotionFor(user, promotion),
  });
}

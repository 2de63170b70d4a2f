import type { TBlockedMember } from "@velvet/shared/api/safety";
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import type { SessionUser } from "../../platform/members/types";
import { defaultAvatar, photoUrls, primaryPhotoKeySql } from "../profiles";

export const BLOCKS_PAGE_SIZE = 24;

/**
 * Account settings → Blocked members: everyone the member blocked, newest block
 * first, cursor on the block's row id (as /my-favorites). Only the member's own
 * blocks (from_user_id is the caller), so no one learns who blocked them.
 * Blocked members are listed whether or not they are visible today (hidden,
 * suspended): the list is what the member can undo. Deleted accounts are gone.
 */
export async function listBlocked(context: AppContext, viewer: SessionUser, cursor?: number) {
  const rows = await context.database.db
    .select({
      rowId: interactions.id,
      blockedAt: interactions.createdAt,
      uuid: users.uuid,
      username: users.username,
      gender: users.gender,
      photoKey: primaryPhotoKeySql,
    })
    .from(interactions)
    .innerJoin(users, eq(users.id, interactions.toUserId))
    .where(
      and(
        eq(interactions.kind, "block"),
        eq(interactions.fromUserId, viewer.id),
        isNull(users.deletedAt),
        cursor ? lt(interactions.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(interactions.id))
    .limit(BLOCKS_PAGE_SIZE + 1);
  const shown = rows.slice(0, BLOCKS_PAGE_SIZE);
  const last = shown.at(-1);
  const members: TBlockedMember[] = shown.map((row) => ({
    uuid: row.uuid,
    username: row.username,
    photo_url: row.photoKey ? photoUrls(context.storage, row.photoKey).thumb : defaultAvatar(row.gender).thumb,
    blocked_at: row.blockedAt.toISOString(),
  }));
  return { members, nextCursor: rows.length > BLOCKS_PAGE_SIZE && last ? String(last.rowId) : null };
}

import { sql } from "drizzle-orm";

/**
 * The storage key of a member's approved primary photo, as a subquery on the
 * outer `users` row. Written out in full: inside a select list, drizzle renders
 * columns unqualified, and "id" would then mean the photo's id.
 */
export const primaryPhotoKeySql = sql<string | null>`(select p.storage_key from photos p
  where p.user_id = "users"."id" and p.is_primary and p.status = 'approved' limit 1)`;

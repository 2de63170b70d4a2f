import { type SQL, sql } from "drizzle-orm";

/**
 * The storage key of a member's approved primary photo, as a subquery on an
 * outer `users` row known by `tableAlias` (a name from our own code, never
 * input). Written out in full: inside a select list, drizzle renders columns
 * unqualified, and "id" would then mean the photo's id.
 */
export function primaryPhotoKeyFor(tableAlias: string): SQL<string | null> {
  return sql<string | null>`(select p.storage_key from photos p
  where p.user_id = ${sql.raw(`"${tableAlias}"."id"`)} and p.is_primary and p.status = 'approved' limit 1)`;
}

export const primaryPhotoKeySql = primaryPhotoKeyFor("users");

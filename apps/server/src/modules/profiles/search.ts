import { PROFILE_PAGE_SIZE, type TProfileCard, type TProfileSearchQuery } from "@velvet/shared/api/profiles";
import { latestBirthdateForAge, todayInTimezone } from "@velvet/shared/validation/age";
import { and, desc, eq, gt, gte, lte, or, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema";
import { AppError } from "../../platform/http/app-error";
import type { UserRow } from "../auth/session-service";
import { cardColumns } from "./card-columns";
import { onlineNowSql, siteHour } from "./online";
import { visibleTo } from "./policy";
import { presentCard } from "./presenter";
import { primaryPhotoKeySql } from "./primary-photo-sql";

const NEW_MEMBER_DAYS = 30;

interface Cursor {
  /** Sort rank (same state first, for "distance"), the sort timestamp and the id, of the last row served. */
  r: number;
  t: string;
  i: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Cursor;
    if (
      typeof cursor.r !== "number" ||
      typeof cursor.t !== "string" ||
      typeof cursor.i !== "number" ||
      !/^[\d\-:. +]+$/.test(cursor.t)
    ) {
      throw new Error("bad cursor");
    }
    return cursor;
  } catch {
    throw AppError.field("cursor", "The cursor field is invalid");
  }
}

/**
 * Browse and search (issue 5): keyset pagination on (rank, time, id), so a page
 * boundary never repeats or skips a profile while new members sign up.
 */
export async function searchProfiles(
  context: AppContext,
  viewer: UserRow,
  query: TProfileSearchQuery,
): Promise<{ cards: TProfileCard[]; nextCursor: string | null }> {
  const today = todayInTimezone(context.config.siteTimezone);
  const now = Date.now();
  const hour = siteHour(context.config.siteTimezone);
  const sortTime = query.sort === "newest" ? users.createdAt : users.lastActiveAt;
  const rank =
    query.sort === "distance" && viewer.state
      ? sql<number>`(case when ${users.state} = ${viewer.state} then 0 else 1 end)`
      : sql<number>`0`;

  const conditions: SQL[] = [visibleTo(viewer.id)];
  const gender = query.gender ?? (viewer.seeking === "both" ? undefined : viewer.seeking);
  if (gender) conditions.push(eq(users.gender, gender));
  if (query.age_min) conditions.push(lte(users.birthdate, latestBirthdateForAge(query.age_min, today)));
  if (query.age_max) conditions.push(gt(users.birthdate, latestBirthdateForAge(query.age_max + 1, today)));
  if (query.state) conditions.push(eq(users.state, query.state));
  if (query.city) conditions.push(sql`lower(${users.city}) = ${query.city.toLowerCase()}`);
  if (query.online) conditions.push(onlineNowSql(now, hour));
  if (query.with_photo) conditions.push(sql`${primaryPhotoKeySql} is not null`);
  if (query.new_members) conditions.push(gte(users.createdAt, new Date(now - NEW_MEMBER_DAYS * 86_400_000)));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    // The cursor carries the database's own text form of the time, microseconds included.
    const time = sql`${cursor.t}::timestamptz`;
    conditions.push(
      or(
        gt(rank, cursor.r),
        and(eq(rank, cursor.r), sql`${sortTime} < ${time}`),
        and(eq(rank, cursor.r), eq(sortTime, time), sql`${users.id} < ${cursor.i}`),
      ) as SQL,
    );
  }

  const rows = await context.database.db
    .select({
      ...cardColumns,
      id: users.id,
      sortTime: sql<string>`${sortTime}::text`,
      rank,
    })
    .from(users)
    .where(and(...conditions))
    // A constant rank is left out of ORDER BY: Postgres would read a bare 0 as a column position.
    .orderBy(...(query.sort === "distance" && viewer.state ? [rank] : []), desc(sortTime), desc(users.id))
    .limit(PROFILE_PAGE_SIZE + 1);

  const page = rows.slice(0, PROFILE_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > PROFILE_PAGE_SIZE && last
      ? encodeCursor({ r: Number(last.rank), t: last.sortTime, i: last.id })
      : null;
  return { cards: page.map((row) => presentCard(row, { storage: context.storage, today, now, hour })), nextCursor };
}

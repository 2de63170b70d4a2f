import { PROFILE_PAGE_SIZE, type TProfileCard, type TProfileSearchQuery } from "@velvet/shared/api/profiles";
import { todayInTimezone } from "@velvet/shared/validation/age";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { siteHour } from "./online";
import { presentCard } from "./presenter";
import { type SearchClock, type SearchCursor, searchSql } from "./search-sql";

function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string): SearchCursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as SearchCursor;
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

export function searchClock(timeZone: string, now = Date.now()): SearchClock {
  return { today: todayInTimezone(timeZone, new Date(now)), now, hour: siteHour(timeZone, new Date(now)) };
}

/** The statement and parameters a search runs (see searchSql), for `npm run bench` to replay on its baseline. */
export function searchStatement(db: Db, viewer: SessionUser, query: TProfileSearchQuery, clock: SearchClock) {
  const { sql, params } = searchSql(db, viewer, query, clock, query.cursor ? decodeCursor(query.cursor) : undefined);
  return { sql, params };
}

/**
 * Browse and search: keyset pagination on (rank, time, id), so a page
 * boundary never repeats or skips a profile while new members sign up.
 */
export async function searchProfiles(
  context: AppContext,
  viewer: SessionUser,
  query: TProfileSearchQuery,
): Promise<{ cards: TProfileCard[]; nextCursor: string | null }> {
  const clock = searchClock(context.config.siteTimezone);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await searchSql(context.database.db, viewer, query, clock, cursor).rows();
  const page = rows.slice(0, PROFILE_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > PROFILE_PAGE_SIZE && last
      ? encodeCursor({ r: Number(last.rank), t: last.sortTime, i: last.id })
      : null;
  return { cards: page.map((row) => presentCard(row, { storage: context.storage, ...clock })), nextCursor };
}

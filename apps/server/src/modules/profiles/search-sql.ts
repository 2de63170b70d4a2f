import { PROFILE_PAGE_SIZE, type TProfileSearchQuery } from "@velvet/shared/api/profiles";
import { latestBirthdateForAge } from "@velvet/shared/validation/age";
import { and, desc, eq, fillPlaceholders, gt, gte, lte, type Query, type SQL, sql } from "drizzle-orm";
import type { PgPreparedQuery, PreparedQueryConfig, SelectedFieldsOrdered } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import type { SessionUser } from "../../platform/members/types";
import { cardColumns } from "./card-columns";
import { ONLINE_WINDOW_MS, onlineSinceSql } from "./online";
import { visibleTo } from "./policy";
import { primaryPhotoKeySql } from "./primary-photo-sql";

const NEW_MEMBER_DAYS = 30;

/** The rank (same state first, for "distance"), the sort timestamp and the id of the last row served. */
export interface SearchCursor {
  r: number;
  t: string;
  i: number;
}

/** The site's calendar and clock at the moment of a search: ages, "online now" and "new" are judged on them. */
export interface SearchClock {
  today: string;
  now: number;
  /** The hour of the site's day, for fictional profiles' online schedules. */
  hour: number;
}

type Filter =
  | "gender"
  | "ageMin"
  | "ageMax"
  | "state"
  | "city"
  | "online"
  | "withPhoto"
  | "newMembers"
  | "bodyType"
  | "heightMin"
  | "heightMax"
  | "lookingFor"
  | "interests"
  | "username";

/**
 * What a search statement's SQL depends on: which filters are set and how it
 * sorts, never their values. Per rank (0, then 1 when sorting by distance) the
 * cursor starts the rank after it, skips the rank (the cursor is past it) or
 * takes it all.
 */
interface SearchShape {
  sortBy: "lastActiveAt" | "createdAt";
  byDistance: boolean;
  filters: Filter[];
  ranks: Array<"after" | "skip" | "all">;
}

/** The statement of one shape, every value a placeholder; see the values set in searchSql. */
function buildStatement(db: Db, shape: SearchShape) {
  const value = (name: string) => sql.placeholder(name);
  const has = (filter: Filter) => shape.filters.includes(filter);
  const sortTime = users[shape.sortBy];
  const conditions: SQL[] = [visibleTo(value("viewer"))];
  if (has("gender")) conditions.push(eq(users.gender, value("gender")));
  if (has("ageMin")) conditions.push(lte(users.birthdate, value("bornBy")));
  if (has("ageMax")) conditions.push(gt(users.birthdate, value("bornAfter")));
  if (has("state")) conditions.push(eq(users.state, value("state")));
  if (has("city")) conditions.push(sql`lower(${users.city}) = ${value("city")}`);
  if (has("online")) conditions.push(onlineSinceSql(value("onlineSince"), value("hour")));
  if (has("withPhoto")) conditions.push(sql`${primaryPhotoKeySql} is not null`);
  if (has("newMembers")) conditions.push(gte(users.createdAt, value("joinedSince")));
  if (has("bodyType")) conditions.push(eq(users.bodyType, value("bodyType")));
  if (has("heightMin")) conditions.push(gte(users.heightCm, value("heightMin")));
  if (has("heightMax")) conditions.push(lte(users.heightCm, value("heightMax")));
  if (has("lookingFor")) conditions.push(eq(users.lookingFor, value("lookingFor")));
  // The wanted interests travel as one comma-joined text (they never contain a comma: the query splits on it),
  // so the statement's parameters stay plain values on every driver.
  if (has("interests")) {
    conditions.push(
      sql`exists (select 1 from unnest(${users.interests}) as interest where lower(interest) = any(string_to_array(${value("interests")}, ',')))`,
    );
  }
  // A part of the name anywhere in it, through the trigram index users_username_trgm_idx (same expression).
  if (has("username")) conditions.push(sql`lower(${users.username}) like ${value("usernameLike")}`);

  // The profiles of one rank, newest first, from the cursor on. A row comparison rather than
  // "time < t or (time = t and id < i)": PostgreSQL then starts the index scan at the cursor
  // instead of reading and discarding every row before it.
  const ranked = (rank: 0 | 1, ...only: SQL[]) => {
    const page = [...conditions, ...only];
    // The cursor carries the database's own text form of the time, microseconds included.
    if (shape.ranks[rank] === "after") {
      page.push(sql`(${sortTime}, ${users.id}) < (${value("cursorTime")}::timestamptz, ${value("cursorId")})`);
    }
    if (shape.ranks[rank] === "skip") page.push(sql`false`);
    return db
      .select({
        ...cardColumns,
        id: users.id,
        sortTime: sql<string>`${sortTime}::text`.as("sort_time"),
        rank: sql<number>`${sql.raw(String(rank))}`.as("rank"),
      })
      .from(users)
      .where(and(...page))
      .orderBy(desc(sortTime), desc(users.id))
      .limit(value("limit"));
  };

  if (!shape.byDistance) return ranked(0);
  // By distance: the viewer's state first (rank 0), then the rest (rank 1), each newest first.
  // Two ordered index scans and a sort of at most two pages, where ordering by a CASE
  // expression had to read and sort every candidate profile.
  return ranked(0, eq(users.state, value("viewerState")))
    .unionAll(ranked(1, sql`${users.state} is distinct from ${value("viewerState")}`))
    .orderBy(sql`"rank"`, desc(users.lastActiveAt), desc(users.id))
    .limit(value("limit"));
}

export type SearchRow = Awaited<ReturnType<typeof buildStatement>>[number];

interface PreparedSearch {
  query: Query;
  run: PgPreparedQuery<PreparedQueryConfig & { execute: SearchRow[] }>;
}

/**
 * Statements by shape, built once per database. Building this statement with
 * the query builder took longer than PostgreSQL took to plan and run it, and
 * the SQL only changes with the shape. Each still runs as an unnamed statement,
 * planned for its values as before: nothing is kept on the database side.
 */
const preparedByDatabase = new WeakMap<Db, Map<string, PreparedSearch>>();

function prepare(db: Db, shape: SearchShape): PreparedSearch {
  const key = JSON.stringify(shape);
  let byShape = preparedByDatabase.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedByDatabase.set(db, byShape);
  }
  let prepared = byShape.get(key);
  if (!prepared) {
    const query = buildStatement(db, shape).toSQL();
    // Every branch selects the same fields; the first one's decoders map the rows.
    const selection = { ...cardColumns, id: users.id, sortTime: sql<string>``, rank: sql<number>`` };
    const fields: SelectedFieldsOrdered = Object.entries(selection).map(([name, field]) => ({ path: [name], field }));
    prepared = { query, run: db._.session.prepareQuery(query, fields, undefined, true) };
    byShape.set(key, prepared);
  }
  return prepared;
}

/**
 * One page of search results for a viewer: the statement of the
 * search's shape and the values of this search. `sql` and `params` are exactly
 * what is sent to PostgreSQL, so `npm run bench` can replay them.
 */
export function searchSql(
  db: Db,
  viewer: SessionUser,
  query: TProfileSearchQuery,
  clock: SearchClock,
  cursor: SearchCursor | undefined,
) {
  const filters: Filter[] = [];
  const values: Record<string, unknown> = { viewer: viewer.id, limit: PROFILE_PAGE_SIZE + 1 };
  const set = (filter: Filter, named: Record<string, unknown> = {}) => {
    filters.push(filter);
    Object.assign(values, named);
  };
  const gender = query.gender ?? (viewer.seeking === "both" ? undefined : viewer.seeking);
  if (gender) set("gender", { gender });
  if (query.age_min) set("ageMin", { bornBy: latestBirthdateForAge(query.age_min, clock.today) });
  if (query.age_max) set("ageMax", { bornAfter: latestBirthdateForAge(query.age_max + 1, clock.today) });
  if (query.state) set("state", { state: query.state });
  if (query.city) set("city", { city: query.city.toLowerCase() });
  // Timestamps as the column would encode them (ISO 8601), so the parameters are what they always were.
  if (query.online)
    set("online", { onlineSince: new Date(clock.now - ONLINE_WINDOW_MS).toISOString(), hour: clock.hour });
  if (query.with_photo) set("withPhoto");
  if (query.new_members)
    set("newMembers", { joinedSince: new Date(clock.now - NEW_MEMBER_DAYS * 86_400_000).toISOString() });
  if (query.body_type) set("bodyType", { bodyType: query.body_type });
  if (query.height_min) set("heightMin", { heightMin: query.height_min });
  if (query.height_max) set("heightMax", { heightMax: query.height_max });
  if (query.looking_for) set("lookingFor", { lookingFor: query.looking_for });
  if (query.interests?.length) set("interests", { interests: query.interests.join(",") });
  if (query.username) {
    const literal = query.username.toLowerCase().replace(/[\\%_]/g, "\\$&");
    set("username", { usernameLike: `%${literal}%` });
  }

  const byDistance = query.sort === "distance" && Boolean(viewer.state);
  if (byDistance) values.viewerState = viewer.state;
  const ranks = (byDistance ? [0, 1] : [0]).map((rank) => {
    if (!cursor || cursor.r < rank) return "all" as const;
    return cursor.r === rank ? ("after" as const) : ("skip" as const);
  });
  if (cursor && ranks.includes("after")) Object.assign(values, { cursorTime: cursor.t, cursorId: cursor.i });

  const prepared = prepare(db, {
    sortBy: query.sort === "newest" ? "createdAt" : "lastActiveAt",
    byDistance,
    filters,
    ranks,
  });
  return {
    sql: prepared.query.sql,
    params: fillPlaceholders(prepared.query.params, values),
    rows: () => prepared.run.execute(values),
  };
}

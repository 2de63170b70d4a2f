import {
  FICTIONAL_PROFILES_PAGE_SIZE,
  type makeFictionalProfileCreateSchema,
  type makeFictionalProfileUpdateSchema,
  type TAssignedOperator,
  type TFictionalProfileDetail,
  type TFictionalProfileListResponse,
  type TFictionalProfileSummary,
} from "@velvet/shared/api/admin-fictional";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import { ageOn, todayInTimezone } from "@velvet/shared/validation/age";
import type { z } from "@velvet/shared/validation/z";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import { likePrefixPattern } from "../../platform/db/like-pattern";
import { users } from "../../platform/db/schema/members";
import { fictionalProfileOperators } from "../../platform/db/schema/operator";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser, UserRow } from "../../platform/members/types";
import { listOwnPhotos } from "../photos";
import { defaultAvatar, isOnlineNow, ONLINE_WINDOW_MS, photoUrls, primaryPhotoKeySql, siteHour } from "../profiles";

type CreateInput = z.output<ReturnType<typeof makeFictionalProfileCreateSchema>>;
type UpdateInput = z.output<ReturnType<typeof makeFictionalProfileUpdateSchema>>;

/** Counts per profile, written against the outer `users` row (columns in a select list render unqualified). */
const conversationsCountSql = sql<number>`(select count(*)::int from conversation_members cm
  where cm.user_id = "users"."id")`;
/** The queue's own test: the member wrote last and the profile has not read it. */
const waitingCountSql = sql<number>`(select count(*)::int from conversation_members cm
  join conversations c on c.id = cm.conversation_id
  join messages last on last.id = c.last_message_id and last.from_id = cm.partner_id
  where cm.user_id = "users"."id" and cm.unread_count > 0)`;

/** A live (not deleted) fictional profile, or 404: members and staff are never reached through these routes. */
export async function fictionalProfileOrNotFound(db: Db, uuid: string): Promise<UserRow> {
  const [profile] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.isFictional, true), isNull(users.deletedAt)));
  if (!profile) throw new AppError("not_found");
  return profile;
}

export async function assignedOperators(db: Db, profileIds: number[]): Promise<Map<number, TAssignedOperator[]>> {
  const byProfile = new Map<number, TAssignedOperator[]>();
  if (profileIds.length === 0) return byProfile;
  const rows = await db
    .select({ profileId: fictionalProfileOperators.profileId, uuid: users.uuid, username: users.username })
    .from(fictionalProfileOperators)
    .innerJoin(users, eq(users.id, fictionalProfileOperators.operatorId))
    .where(inArray(fictionalProfileOperators.profileId, profileIds))
    .orderBy(sql`lower(${users.username})`);
  for (const row of rows) {
    const list = byProfile.get(row.profileId) ?? [];
    list.push({ uuid: row.uuid, username: row.username });
    byProfile.set(row.profileId, list);
  }
  return byProfile;
}

interface SummarySource {
  profile: UserRow;
  photoKey: string | null;
  conversations: number;
  waiting: number;
  operators: TAssignedOperator[];
}

function presentSummary(context: AppContext, source: SummarySource): TFictionalProfileSummary {
  const { profile } = source;
  const { siteTimezone } = context.config;
  return {
    uuid: profile.uuid,
    username: profile.username,
    gender: profile.gender === "male" ? "male" : "female",
    age: profile.birthdate ? ageOn(profile.birthdate, todayInTimezone(siteTimezone)) : null,
    state: profile.state,
    city: profile.city,
    headline: profile.headline,
    thumb_url: source.photoKey
      ? photoUrls(context.storage, source.photoKey).thumb
      : defaultAvatar(profile.gender).thumb,
    online_hours: [...profile.onlineHours].sort((a, b) => a - b),
    online_now: isOnlineNow(profile, Date.now(), siteHour(siteTimezone)),
    operators: source.operators,
    conversations_count: Number(source.conversations),
    waiting_count: Number(source.waiting),
    deactivated_at: profile.deactivatedAt ? profile.deactivatedAt.toISOString() : null,
    created_at: profile.createdAt.toISOString(),
  };
}

const summaryColumns = {
  profile: users,
  photoKey: primaryPhotoKeySql,
  conversations: conversationsCountSql,
  waiting: waitingCountSql,
};

/** Fictional profiles by the start of their username, a page at a time, deactivated ones included. */
export async function listFictionalProfiles(
  context: AppContext,
  query: { q?: string | undefined; page: number },
): Promise<TFictionalProfileListResponse> {
  const { db } = context.database;
  const where = and(
    eq(users.isFictional, true),
    isNull(users.deletedAt),
    sql`lower(${users.username}) like ${likePrefixPattern((query.q ?? "").toLowerCase())}`,
  );
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const total = Number(counted?.total ?? 0);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.username})`, asc(users.id))
    .limit(FICTIONAL_PROFILES_PAGE_SIZE)
    .offset((query.page - 1) * FICTIONAL_PROFILES_PAGE_SIZE);
  const operators = await assignedOperators(
    db,
    rows.map((row) => row.profile.id),
  );
  return {
    data: rows.map((row) => presentSummary(context, { ...row, operators: operators.get(row.profile.id) ?? [] })),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / FICTIONAL_PROFILES_PAGE_SIZE)),
      total,
    },
  };
}

export async function fictionalProfileDetail(context: AppContext, uuid: string): Promise<TFictionalProfileDetail> {
  const { db } = context.database;
  const found = await fictionalProfileOrNotFound(db, uuid);
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, found.id));
  if (!row) throw new AppError("not_found");
  const [operators, photos] = await Promise.all([
    assignedOperators(db, [found.id]),
    listOwnPhotos(context, row.profile),
  ]);
  const { profile } = row;
  return {
    ...presentSummary(context, { ...row, operators: operators.get(profile.id) ?? [] }),
    seeking: profile.seeking === "male" || profile.seeking === "female" ? profile.seeking : "both",
    birthdate: profile.birthdate,
    about_me: profile.aboutMe,
    body_type: profile.bodyType,
    eye_color: profile.eyeColor,
    hair_color: profile.hairColor,
    tattoos_piercings: profile.tattoosPiercings,
    height_cm: profile.heightCm,
    relationship_status: profile.relationshipStatus,
    looking_for: profile.lookingFor,
    interests: profile.interests,
    photos,
  };
}

/** The stored columns for the fields given; empty texts are stored as null, as the member editor does. */
function profileColumns(input: UpdateInput): Partial<typeof users.$inferInsert> {
  const columns: Partial<typeof users.$inferInsert> = {};
  if (input.username !== undefined) columns.username = input.username;
  if (input.gender !== undefined) columns.gender = input.gender;
  if (input.seeking !== undefined) columns.seeking = input.seeking;
  if (input.birthdate !== undefined) columns.birthdate = input.birthdate;
  if (input.state !== undefined) columns.state = input.state;
  if (input.city !== undefined) columns.city = input.city;
  if (input.headline !== undefined) columns.headline = input.headline || null;
  if (input.about_me !== undefined) columns.aboutMe = input.about_me || null;
  if (input.body_type !== undefined) columns.bodyType = input.body_type;
  if (input.eye_color !== undefined) columns.eyeColor = input.eye_color;
  if (input.hair_color !== undefined) columns.hairColor = input.hair_color;
  if (input.tattoos_piercings !== undefined) columns.tattoosPiercings = input.tattoos_piercings;
  if (input.height_cm !== undefined) columns.heightCm = input.height_cm;
  if (input.relationship_status !== undefined) columns.relationshipStatus = input.relationship_status;
  if (input.looking_for !== undefined) columns.lookingFor = input.looking_for;
  if (input.interests !== undefined) columns.interests = [...new Set(input.interests)];
  return columns;
}

/** Usernames are one namespace with members' (case-insensitive unique index): the same message as registration. */
async function withUsernameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field("username", accountMessages.usernameTaken);
    throw error;
  }
}

/**
 * A fictional profile has no email and no password: login looks accounts up by
 * email among real members only, and password reset does the same, so there is
 * nothing to sign in with. Its last activity is set outside the online window,
 * so its schedule alone decides when it shows as online.
 */
export async function createFictionalProfile(context: AppContext, admin: SessionUser, input: CreateInput, ip: string) {
  const created = await withUsernameCheck(() =>
    context.database.db.transaction(async (tx) => {
      const [profile] = await tx
        .insert(users)
        .values({
          ...profileColumns(input),
          username: input.username,
          gender: input.gender,
          seeking: input.seeking,
          city: input.city,
          roles: ["member"],
          isFictional: true,
          email: null,
          passwordHash: null,
          onlineHours: [...new Set(input.online_hours ?? [])].sort((a, b) => a - b),
          lastActiveAt: new Date(Date.now() - ONLINE_WINDOW_MS),
        })
        .returning();
      if (!profile) throw new AppError("internal");
      await writeAudit(tx, {
        actorId: admin.id,
        action: "fictional_profile.created",
        targetUserId: profile.id,
        metadata: { username: profile.username },
        ip,
      });
      return profile;
    }),
  );
  return fictionalProfileDetail(context, created.uuid);
}

export async function updateFictionalProfile(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  input: UpdateInput,
  ip: string,
) {
  await withUsernameCheck(() =>
    context.database.db.transaction(async (tx) => {
      const profile = await fictionalProfileOrNotFound(tx, uuid);
      await tx
        .update(users)
        .set({ ...profileColumns(input), updatedAt: new Date() })
        .where(eq(users.id, profile.id));
      await writeAudit(tx, {
        actorId: admin.id,
        action: "fictional_profile.updated",
        targetUserId: profile.id,
        metadata: { fields: Object.keys(input).sort() },
        ip,
      });
    }),
  );
  return fictionalProfileDetail(context, uuid);
}

/** The hours (site time) the profile shows as online; takes effect on the next search. */
export async function setOnlineSchedule(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  hours: number[],
  ip: string,
) {
  const onlineHours = [...hours].sort((a, b) => a - b);
  await context.database.db.transaction(async (tx) => {
    const profile = await fictionalProfileOrNotFound(tx, uuid);
    await tx.update(users).set({ onlineHours, updatedAt: new Date() }).where(eq(users.id, profile.id));
    await writeAudit(tx, {
      actorId: admin.id,
      action: "fictional_profile.schedule_set",
      targetUserId: profile.id,
      metadata: { from: [...profile.onlineHours].sort((a, b) => a - b), to: onlineHours },
      ip,
    });
  });
  return fictionalProfileDetail(context, uuid);
}

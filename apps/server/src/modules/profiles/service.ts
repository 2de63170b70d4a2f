import type { TUpdateProfileRequest } from "@velvet/shared/api/profiles";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import { photos, profileVisits } from "../../platform/db/schema/profiles";
import { AppError } from "../../platform/http/app-error";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated, SessionUser, UserRow } from "../../platform/members/types";
import { notify } from "../notifications";
import { missingForCompletion } from "./completeness";
import { siteHour } from "./online";
import { defaultAvatar, photoUrls } from "./photo-urls";
import { visibleTo } from "./policy";
import { presentProfile } from "./presenter";

/** A viewer's visit counts once per profile per hour. */
const VISIT_WINDOW_MS = 3600_000;

/** The main photo first, then in the order the member set in the photo manager. */
export async function approvedPhotos(db: Db, userId: number) {
  return db
    .select({ uuid: photos.uuid, storageKey: photos.storageKey, isPrimary: photos.isPrimary })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.status, "approved")))
    .orderBy(desc(photos.isPrimary), asc(photos.position), asc(photos.id));
}

/** The sender shown on a notification: name, uuid and picture. */
export async function notificationParty(
  context: AppContext,
  db: Db,
  user: Pick<UserRow, "id" | "uuid" | "username" | "gender">,
) {
  const [photo] = await approvedPhotos(db, user.id);
  return notificationPartyWithPhoto(context, user, photo?.storageKey ?? null);
}

/** The same, when the caller already read the member's photo (sending a message does, in its insert). */
export function notificationPartyWithPhoto(
  context: AppContext,
  user: Pick<UserRow, "id" | "uuid" | "username" | "gender">,
  photoKey: string | null,
) {
  return {
    id: user.id,
    uuid: user.uuid,
    username: user.username,
    image: photoKey ? photoUrls(context.storage, photoKey).thumb : defaultAvatar(user.gender).thumb,
  };
}

/** A profile the viewer may see, or 404 (blocked, deactivated, deleted and unknown look the same). */
export async function findVisibleProfile(db: Db, viewer: SessionUser, uuid: string): Promise<UserRow> {
  const [target] = await db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), visibleTo(viewer.id)));
  if (!target) throw new AppError("not_found");
  return target;
}

export async function viewProfile(context: AppContext, auth: Authenticated, uuid: string) {
  const viewer = auth.user;
  const { db } = context.database;
  const target = await findVisibleProfile(db, viewer, uuid);
  const [photoRows, relationRows] = await Promise.all([
    approvedPhotos(db, target.id),
    db
      .select({ kind: interactions.kind })
      .from(interactions)
      .where(and(eq(interactions.fromUserId, viewer.id), eq(interactions.toUserId, target.id))),
  ]);
  // An operator looking in the member's name is not the member visiting: nobody is told of it.
  if (accountPolicy.actsAsThemselves(auth)) await recordVisit(context, viewer, target);
  const kinds = new Set(relationRows.map((row) => row.kind));
  const profile = presentProfile(target, photoRows, {
    storage: context.storage,
    today: todayInTimezone(context.config.siteTimezone),
    now: Date.now(),
    hour: siteHour(context.config.siteTimezone),
  });
  return {
    ...profile,
    relation: {
      liked: kinds.has("like"),
      winked: kinds.has("wink"),
      favorited: kinds.has("favorite"),
      blocked: kinds.has("block"),
    },
  };
}

/** Counts the visit (once an hour per viewer and profile), bumps the owner's counters and tells them. */
async function recordVisit(context: AppContext, viewer: SessionUser, target: UserRow): Promise<void> {
  const counted = await context.database.db.transaction(async (tx) => {
    // Two tabs opening the profile at once must not both count: serialise this pair.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`visit:${viewer.id}:${target.id}`}, 0))`);
    const [recent] = await tx
      .select({ id: profileVisits.id })
      .from(profileVisits)
      .where(
        and(
          eq(profileVisits.viewerId, viewer.id),
          eq(profileVisits.profileId, target.id),
          gte(profileVisits.createdAt, new Date(Date.now() - VISIT_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) return false;
    // Looked up only for a counted visit: repeat views within the hour cost no extra query.
    const from = await notificationParty(context, tx, viewer);
    await tx.insert(profileVisits).values({ viewerId: viewer.id, profileId: target.id });
    await tx
      .update(users)
      .set({ visitsCount: sql`${users.visitsCount} + 1`, newVisitorsCount: sql`${users.newVisitorsCount} + 1` })
      .where(eq(users.id, target.id));
    await notify(tx, {
      recipient: target,
      from,
      actionType: "PROFILE_VIEW",
      extra: { viewer: { uuid: viewer.uuid, username: viewer.username } },
    });
    return true;
  });
  if (counted) context.realtimeEvents.kick();
}

export async function ownProfile(context: AppContext, user: UserRow) {
  const photoRows = await approvedPhotos(context.database.db, user.id);
  const profile = presentProfile(user, photoRows, {
    storage: context.storage,
    today: todayInTimezone(context.config.siteTimezone),
    now: Date.now(),
    hour: siteHour(context.config.siteTimezone),
  });
  const missing = missingForCompletion(user);
  return {
    ...profile,
    birthdate: user.birthdate,
    profile_complete: missing.length === 0,
    profile_missing: missing,
  };
}

export async function updateOwnProfile(context: AppContext, user: SessionUser, input: TUpdateProfileRequest) {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.seeking !== undefined) changes.seeking = input.seeking;
  if (input.state !== undefined) changes.state = input.state;
  if (input.city !== undefined) changes.city = input.city;
  if (input.headline !== undefined) changes.headline = input.headline || null;
  if (input.about_me !== undefined) changes.aboutMe = input.about_me || null;
  if (input.body_type !== undefined) changes.bodyType = input.body_type;
  if (input.eye_color !== undefined) changes.eyeColor = input.eye_color;
  if (input.hair_color !== undefined) changes.hairColor = input.hair_color;
  if (input.tattoos_piercings !== undefined) changes.tattoosPiercings = input.tattoos_piercings;
  if (input.height_cm !== undefined) changes.heightCm = input.height_cm;
  if (input.relationship_status !== undefined) changes.relationshipStatus = input.relationship_status;
  if (input.looking_for !== undefined) changes.lookingFor = input.looking_for;
  if (input.interests !== undefined) changes.interests = [...new Set(input.interests)];
  const [updated] = await context.database.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  if (!updated) throw new AppError("not_found");
  return ownProfile(context, updated);
}

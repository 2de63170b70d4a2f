import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { photos } from "../../platform/db/schema/profiles";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { deletePhoto, photoFileKey } from "../photos";

/** How far back the after-the-fact review reaches: older auto-approved photos are left to reports. */
export const RECENT_PHOTO_DAYS = 7;

/**
 * Audit actions that mean an admin has looked at a photo: it then leaves the recent list. A take-down or a
 * rejection moves it out anyway (its status is no longer approved).
 */
const reviewedActions = ["photo.approved", "photo.kept"];

/**
 * Photos approved on upload: with PHOTO_AUTO_APPROVE=1 nobody saw them before members did, so the
 * photos page lists the last 7 days' ones no admin has kept yet, newest first, at their public URLs.
 * Fictional profiles' photos are the admins' own uploads and are left out.
 */
export async function recentlyApprovedPhotos(context: AppContext) {
  const since = new Date(Date.now() - RECENT_PHOTO_DAYS * 24 * 60 * 60 * 1000);
  const rows = await context.database.db
    .select({ photo: photos, member: { uuid: users.uuid, username: users.username } })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(
      and(
        eq(photos.status, "approved"),
        gt(photos.createdAt, since),
        eq(users.isFictional, false),
        isNull(users.deletedAt),
        sql`not exists (select 1 from audit_log a
          where a.target_user_id = ${photos.userId}
            and a.action in (${sql.join(
              reviewedActions.map((action) => sql`${action}`),
              sql`, `,
            )})
            and a.metadata->>'photo' = ${photos.uuid}::text)`,
      ),
    )
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(60);
  return {
    data: rows.map(({ photo, member }) => ({
      id: photo.uuid,
      member,
      url: context.storage.publicUrl(photoFileKey(photo, "medium")),
      uploaded_at: photo.createdAt.toISOString(),
    })),
    meta: { auto_approve: context.config.photoAutoApprove },
  };
}

/** An admin looked at an auto-approved photo and keeps it: audited, and off the recent list. */
export async function keepPhoto(context: AppContext, admin: SessionUser, photoUuid: string, ip: string) {
  const [found] = await context.database.db.select().from(photos).where(eq(photos.uuid, photoUuid));
  if (!found) throw new AppError("not_found");
  if (found.status !== "approved") throw new AppError("conflict", "Only an approved photo can be kept.");
  await writeAudit(context.database.db, {
    actorId: admin.id,
    action: "photo.kept",
    targetUserId: found.userId,
    metadata: { photo: found.uuid },
    ip,
  });
  return { id: found.uuid, status: "approved" as const };
}

/**
 * Deletes a member's photo, whatever its status, through the photos module (files gone, the next photo becomes
 * main), audited in the same transaction. Fictional profiles' photos have their own editor.
 */
export async function removePhoto(context: AppContext, admin: SessionUser, photoUuid: string, ip: string) {
  const { db } = context.database;
  const [row] = await db
    .select({ photo: photos, owner: users })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.uuid, photoUuid));
  if (!row) throw new AppError("not_found");
  await deletePhoto(context, row.owner, photoUuid, {
    audit: (tx, photo) =>
      writeAudit(tx, {
        actorId: admin.id,
        action: "photo.removed",
        targetUserId: row.owner.id,
        metadata: { photo: photo.uuid, status: photo.status },
        ip,
      }),
  });
  return { id: photoUuid, removed: true as const };
}

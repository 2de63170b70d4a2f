import { and, asc, eq, ne } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { photos } from "../../platform/db/schema/profiles";
import { AppError } from "../../platform/http/app-error";
import { queueMail } from "../../platform/mail/mail-queue";
import type { SessionUser } from "../../platform/members/types";
import { PHOTO_SIZES, type PhotoSize, photoFileKey, signedMediaUrl } from "../photos";

const sizes = Object.keys(PHOTO_SIZES) as PhotoSize[];

/** Photos waiting for a decision, oldest first, each behind a signed URL (pending files are private). */
export async function pendingPhotos(context: AppContext) {
  return { data: await pendingPhotoList(context), meta: { auto_approve: context.config.photoAutoApprove } };
}

async function pendingPhotoList(context: AppContext) {
  const rows = await context.database.db
    .select({ photo: photos, member: { uuid: users.uuid, username: users.username } })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.status, "pending"))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(50);
  return rows.map(({ photo, member }) => ({
    id: photo.uuid,
    member,
    url: signedMediaUrl(context.config, photoFileKey(photo, "medium")),
    uploaded_at: photo.createdAt.toISOString(),
  }));
}

/**
 * Approves or rejects a pending photo, or takes down an approved one (with PHOTO_AUTO_APPROVE=1 photos
 * are public before anyone looks, so a rejection must work after the fact). Files move between the public and
 * private names under the same unguessable name: copied before the status changes, so a photo never points at a
 * missing file, and the old copies go after commit. A rejected main photo hands the role to the member's next
 * approved photo, and the member is told by email, with the admin's reason if given.
 */
export async function decidePhoto(
  context: AppContext,
  admin: SessionUser,
  photoUuid: string,
  verdict: { decision: "approved" } | { decision: "rejected"; reason?: string | undefined },
  ip: string,
): Promise<{ id: string; status: "approved" | "rejected" }> {
  const { decision } = verdict;
  const reason = verdict.decision === "rejected" ? verdict.reason : undefined;
  const { db } = context.database;
  const [found] = await db.select().from(photos).where(eq(photos.uuid, photoUuid));
  if (!found) throw new AppError("not_found");
  const takingDown = decision === "rejected" && found.status === "approved";
  if (found.status !== "pending" && !takingDown) {
    throw new AppError("conflict", "This photo has already been decided.");
  }
  const moved = { ...found, status: decision };
  // Pending and rejected files share the private name; only approval and take-down move them.
  const relocates = photoFileKey(found, "large") !== photoFileKey(moved, "large");
  if (relocates) {
    for (const size of sizes) {
      const content = await context.storage.get(photoFileKey(found, size));
      if (content) await context.storage.put(photoFileKey(moved, size), content);
    }
  }
  await db.transaction(async (tx) => {
    const [photo] = await tx
      .update(photos)
      .set({ status: decision, updatedAt: new Date(), ...(decision === "rejected" ? { isPrimary: false } : {}) })
      .where(and(eq(photos.id, found.id), eq(photos.status, found.status)))
      .returning();
    if (!photo) throw new AppError("conflict", "This photo has already been decided.");
    if (decision === "rejected" && found.isPrimary) {
      const [next] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.userId, found.userId), eq(photos.status, "approved"), ne(photos.id, found.id)))
        .orderBy(asc(photos.position), asc(photos.id))
        .limit(1);
      if (next) await tx.update(photos).set({ isPrimary: true }).where(eq(photos.id, next.id));
    }
    await writeAudit(tx, {
      actorId: admin.id,
      action: decision === "approved" ? "photo.approved" : takingDown ? "photo.taken_down" : "photo.rejected",
      targetUserId: found.userId,
      metadata: { photo: found.uuid, ...(reason ? { reason } : {}) },
      ip,
    });
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, found.userId));
    if (decision === "rejected" && owner?.email) {
      await queueMail(tx, "photo_rejected", { to: owner.email, ...(reason ? { reason } : {}) }, found.userId);
    }
  });
  context.jobs.kick();
  if (relocates) {
    for (const size of sizes) await context.storage.remove(photoFileKey(found, size)).catch(() => {});
  }
  return { id: found.uuid, status: decision };
}

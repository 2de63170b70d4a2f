import { randomUUID } from "node:crypto";
import type { TPhotoCrop } from "@velvet/shared/api/photos";
import { and, asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { photos } from "../../platform/db/schema/profiles";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { derivePhoto, normalizeOriginal, PHOTO_SIZES, type PhotoSize } from "./image-processing";
import { signedMediaUrl } from "./signed-urls";

type PhotoRow = typeof photos.$inferSelect;

/** The upright, metadata-free original every size is derived from: private whatever the status, never served. */
export function photoOriginalKey(storageKey: string): string {
  return `private/${storageKey}-original.jpg`;
}

/** Approved photos are public files; pending and rejected ones live where only signed URLs reach. */
export function photoFileKey(row: Pick<PhotoRow, "storageKey" | "status">, size: PhotoSize): string {
  return row.status === "approved" ? `${row.storageKey}-${size}.webp` : `private/${row.storageKey}-${size}.webp`;
}

export function presentOwnPhoto(context: AppContext, row: PhotoRow) {
  const url = (size: PhotoSize) =>
    row.status === "approved"
      ? context.storage.publicUrl(photoFileKey(row, size))
      : signedMediaUrl(context.config, photoFileKey(row, size));
  return {
    id: row.uuid,
    status: row.status as "pending" | "approved" | "rejected",
    is_primary: row.isPrimary,
    position: row.position,
    urls: { thumb: url("thumb"), medium: url("medium"), large: url("large") },
    original_url: row.hasOriginal ? signedMediaUrl(context.config, photoOriginalKey(row.storageKey)) : null,
  };
}

/**
 * What a caller other than the owner adds: admins' uploads for fictional profiles are approved at once (they
 * are the moderators), and each change is audited in its own transaction.
 */
export interface PhotoChangeOptions {
  approved?: boolean;
  audit?: (tx: Db, photo: PhotoRow) => Promise<void>;
  /** The member's framing, in pixels of the upright original; none keeps the whole photo. */
  crop?: TPhotoCrop | null;
}

export async function uploadPhoto(
  context: AppContext,
  user: SessionUser,
  bytes: Buffer,
  options: PhotoChangeOptions = {},
) {
  const original = await normalizeOriginal(bytes);
  const { files, width, height } = await derivePhoto(original, options.crop ?? null);
  const { db } = context.database;
  const status = options.approved || context.config.photoAutoApprove ? "approved" : "pending";
  const storageKey = `photos/${randomUUID()}`;
  const draft = { storageKey, status };
  await context.storage.put(photoOriginalKey(storageKey), original);
  for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[])
    await context.storage.put(photoFileKey(draft, size), files[size]);
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ hasPrimary: sql<boolean>`bool_or(${photos.isPrimary})`, lastPosition: max(photos.position) })
      .from(photos)
      .where(eq(photos.userId, user.id));
    const [inserted] = await tx
      .insert(photos)
      .values({
        userId: user.id,
        storageKey,
        width,
        height,
        status,
        isPrimary: !existing?.hasPrimary,
        position: (existing?.lastPosition ?? -1) + 1,
        hasOriginal: true,
      })
      .returning();
    if (inserted && options.audit) await options.audit(tx, inserted);
    return inserted;
  });
  if (!row) throw new AppError("internal");
  return presentOwnPhoto(context, row);
}

export async function listOwnPhotos(context: AppContext, user: SessionUser) {
  const rows = await context.database.db
    .select()
    .from(photos)
    .where(eq(photos.userId, user.id))
    .orderBy(desc(photos.isPrimary), asc(photos.position), asc(photos.id));
  return rows.map((row) => presentOwnPhoto(context, row));
}

/** Only the owner's own photos are found; anyone else's answers 404. */
async function ownedPhoto(context: AppContext, user: SessionUser, uuid: string): Promise<PhotoRow> {
  const [row] = await context.database.db
    .select()
    .from(photos)
    .where(and(eq(photos.uuid, uuid), eq(photos.userId, user.id)));
  if (!row) throw new AppError("not_found");
  return row;
}

export async function setPrimaryPhoto(
  context: AppContext,
  user: SessionUser,
  uuid: string,
  options: Pick<PhotoChangeOptions, "audit"> = {},
) {
  const row = await ownedPhoto(context, user, uuid);
  await context.database.db.transaction(async (tx) => {
    await tx.update(photos).set({ isPrimary: false }).where(eq(photos.userId, user.id));
    await tx.update(photos).set({ isPrimary: true }).where(eq(photos.id, row.id));
    if (options.audit) await options.audit(tx, row);
  });
  return listOwnPhotos(context, user);
}

export async function deletePhoto(
  context: AppContext,
  user: SessionUser,
  uuid: string,
  options: Pick<PhotoChangeOptions, "audit"> = {},
) {
  const row = await ownedPhoto(context, user, uuid);
  await context.database.db.transaction(async (tx) => {
    await tx.delete(photos).where(eq(photos.id, row.id));
    if (options.audit) await options.audit(tx, row);
    if (row.isPrimary) {
      // The next photo in the member's order becomes primary.
      const [next] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(eq(photos.userId, user.id))
        .orderBy(asc(photos.position))
        .limit(1);
      if (next) await tx.update(photos).set({ isPrimary: true }).where(eq(photos.id, next.id));
    }
  });
  for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) await context.storage.remove(photoFileKey(row, size));
  await context.storage.remove(photoOriginalKey(row.storageKey));
  return listOwnPhotos(context, user);
}

/**
 * Frames a photo again from its stored original. The files get a new name (a cached copy of the old framing is
 * never served under it), and the new framing may show what the old one cut away, so where photos are moderated
 * it goes back to pending.
 */
export async function reframePhoto(context: AppContext, user: SessionUser, uuid: string, crop: TPhotoCrop) {
  const row = await ownedPhoto(context, user, uuid);
  const original = row.hasOriginal ? await context.storage.get(photoOriginalKey(row.storageKey)) : undefined;
  if (!original)
    throw AppError.field("crop", "This photo was uploaded before framing was possible; upload it again to frame it.");
  const { files, width, height } = await derivePhoto(original, crop);
  const status = context.config.photoAutoApprove ? "approved" : "pending";
  const next = { storageKey: `photos/${randomUUID()}`, status };
  await context.storage.put(photoOriginalKey(next.storageKey), original);
  for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[])
    await context.storage.put(photoFileKey(next, size), files[size]);
  const [updated] = await context.database.db
    .update(photos)
    .set({ ...next, width, height, updatedAt: new Date() })
    .where(and(eq(photos.id, row.id), eq(photos.userId, user.id)))
    .returning();
  for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[]) await context.storage.remove(photoFileKey(row, size));
  await context.storage.remove(photoOriginalKey(row.storageKey));
  if (!updated) throw new AppError("not_found");
  return presentOwnPhoto(context, updated);
}

/** Reorders the member's photos; the list must name each of their photos exactly once. */
export async function reorderPhotos(context: AppContext, user: SessionUser, order: string[]) {
  const rows = await context.database.db
    .select({ id: photos.id, uuid: photos.uuid })
    .from(photos)
    .where(eq(photos.userId, user.id));
  const known = new Set(rows.map((row) => row.uuid));
  if (order.length !== rows.length || new Set(order).size !== order.length || !order.every((uuid) => known.has(uuid))) {
    throw AppError.field("order", "The order field must list each of your photos once");
  }
  await context.database.db.transaction(async (tx) => {
    for (const [position, uuid] of order.entries()) {
      await tx
        .update(photos)
        .set({ position })
        .where(and(eq(photos.userId, user.id), inArray(photos.uuid, [uuid])));
    }
  });
  return listOwnPhotos(context, user);
}

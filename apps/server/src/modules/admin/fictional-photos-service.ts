import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import type { SessionUser } from "../../platform/members/types";
import { deletePhoto, setPrimaryPhoto, uploadPhoto } from "../photos";
import { fictionalProfileOrNotFound } from "./fictional-profiles-service";

/*
 * A fictional profile's photos go through the members' photo pipeline (bytes
 * checked, re-encoded to WebP in every size, metadata dropped) with the
 * profile as owner. Admins are the moderators, so their uploads are approved
 * at once; every change is audited in the transaction that makes it.
 */

function auditAs(admin: SessionUser, profile: SessionUser, action: string, ip: string) {
  return async (tx: Db, photo: { uuid: string }) =>
    writeAudit(tx, { actorId: admin.id, action, targetUserId: profile.id, metadata: { photo: photo.uuid }, ip });
}

export async function uploadFictionalPhoto(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  bytes: Buffer,
  ip: string,
) {
  const profile = await fictionalProfileOrNotFound(context.database.db, uuid);
  return uploadPhoto(context, profile, bytes, {
    approved: true,
    audit: auditAs(admin, profile, "fictional_profile.photo_added", ip),
  });
}

export async function deleteFictionalPhoto(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  photoUuid: string,
  ip: string,
) {
  const profile = await fictionalProfileOrNotFound(context.database.db, uuid);
  return deletePhoto(context, profile, photoUuid, {
    audit: auditAs(admin, profile, "fictional_profile.photo_deleted", ip),
  });
}

export async function setFictionalPrimaryPhoto(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  photoUuid: string,
  ip: string,
) {
  const profile = await fictionalProfileOrNotFound(context.database.db, uuid);
  return setPrimaryPhoto(context, profile, photoUuid, {
    audit: auditAs(admin, profile, "fictional_profile.photo_primary_set", ip),
  });
}

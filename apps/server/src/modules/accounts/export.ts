import { desc, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { auditLog, authSessions, photos } from "../../platform/db/schema";
import type { UserRow } from "../auth/session-service";

/**
 * Everything the site holds about the member (privacy law's access right), as
 * one JSON document. Secrets (the password hash, token hashes) are the only
 * things left out: they are ours, not data about the member.
 */
export async function exportAccount(context: AppContext, user: UserRow) {
  const { db } = context.database;
  const [photoRows, sessionRows, auditRows] = await Promise.all([
    db.select().from(photos).where(eq(photos.userId, user.id)),
    db.select().from(authSessions).where(eq(authSessions.userId, user.id)).orderBy(desc(authSessions.createdAt)),
    db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id)).orderBy(desc(auditLog.createdAt)),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: {
      uuid: user.uuid,
      username: user.username,
      email: user.email,
      email_verified_at: user.emailVerifiedAt,
      pending_email: user.pendingEmail,
      roles: user.roles,
      created_at: user.createdAt,
      last_active_at: user.lastActiveAt,
      terms_version: user.termsVersion,
      terms_accepted_at: user.termsAcceptedAt,
      deactivated_at: user.deactivatedAt,
      registration_ip: user.registrationIp,
      device_id: user.deviceId,
      campaign: user.campaign,
      preferences: user.preferences,
      features: user.features,
    },
    profile: {
      birthdate: user.birthdate,
      gender: user.gender,
      seeking: user.seeking,
      state: user.state,
      city: user.city,
      headline: user.headline,
      about_me: user.aboutMe,
      body_type: user.bodyType,
      eye_color: user.eyeColor,
      hair_color: user.hairColor,
      tattoos_piercings: user.tattoosPiercings,
      height_cm: user.heightCm,
      relationship_status: user.relationshipStatus,
      looking_for: user.lookingFor,
      interests: user.interests,
    },
    photos: photoRows.map((photo) => ({
      uuid: photo.uuid,
      url: context.storage.publicUrl(`${photo.storageKey}-large.webp`),
      status: photo.status,
      is_primary: photo.isPrimary,
      uploaded_at: photo.createdAt,
    })),
    sessions: sessionRows.map((session) => ({
      started_at: session.createdAt,
      last_used_at: session.lastUsedAt,
      ended_at: session.revokedAt,
      ip: session.ip,
      user_agent: session.userAgent,
      by_operator: session.impersonatorId !== null,
    })),
    account_events: auditRows.map((entry) => ({ action: entry.action, at: entry.createdAt, ip: entry.ip })),
  };
}

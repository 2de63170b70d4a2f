import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { type Db, queryRows } from "../../platform/db/client";
import { auditLog } from "../../platform/db/schema/admin";
import {
  authSessions,
  emailTokens,
  impersonationTokens,
  twoFactorChallenges,
  twoFactorCredentials,
  twoFactorRecoveryCodes,
} from "../../platform/db/schema/auth";
import { conversationMembers, messageImages } from "../../platform/db/schema/conversations";
import { interactions } from "../../platform/db/schema/interactions";
import { jobs } from "../../platform/db/schema/jobs";
import { memberActionCounts } from "../../platform/db/schema/limits";
import { users } from "../../platform/db/schema/members";
import { notificationMutes, notifications } from "../../platform/db/schema/notifications";
import { memberNotes } from "../../platform/db/schema/operator";
import { spendingControls } from "../../platform/db/schema/payments";
import { photos, profileVisits } from "../../platform/db/schema/profiles";
import { pushSubscriptions } from "../../platform/db/schema/push";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { reports } from "../../platform/db/schema/reports";
import { supportTickets } from "../../platform/db/schema/support";
import { abTestEvents, clickEvents, pushNotificationClicks, sitePopupEvents } from "../../platform/db/schema/tracking";
import { triggerDeliveries } from "../../platform/db/schema/triggers";
import { MAIL_JOB } from "../../platform/mail/mail-queue";
import { capturedMailbox } from "../../platform/mail/mailer";
import type { UserRow } from "../../platform/members/types";
import { messageImageFileKey } from "../conversations";
import { PHOTO_SIZES, type PhotoSize, photoFileKey, photoOriginalKey } from "../photos";
import { ONLINE_WINDOW_MS } from "../profiles";

/**
 * What deleting an account removes (the list of what stays, and why, is in the privacy page and
 * docs/resilience-and-security.md "Export and deletion"). Everything personal goes, in one transaction: the
 * member's photos and every image they uploaded, their conversations with fictional profiles (no real person
 * keeps a copy), operators' notes about them, tickets, reports about them and the texts of reports they made,
 * notifications, interactions, visits and mutes in both directions, statistics rows and device ids, sessions,
 * tokens, queued mail and undelivered real-time events that name them. What stays: payments and the credit
 * ledger (accounting law), the users row anonymised (they reference it), messages exchanged with real members
 * (the partner's own conversation; images removed), and the audit trail of staff actions, stripped of details.
 * Files are removed after commit: a crash in between leaves an unreferenced file, never a row without its file.
 */
export async function eraseMember(context: AppContext, user: UserRow): Promise<void> {
  const { db } = context.database;
  const addresses = verifiedAddressesOf(user);
  const files = await db.transaction(async (tx) => {
    // First, so nothing can write for the member while they are erased (a mail job's sign-in link, for one:
    // auth/mail-letters.ts waits on this lock, then finds the account deleted).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const fictionalImages = await fictionalConversationImages(tx, user.id);
    const files = await filesOf(tx, user.id, fictionalImages);
    await eraseConversations(tx, user.id, fictionalImages);
    await eraseActivity(tx, user);
    await eraseStaffRecords(tx, user, addresses);
    await eraseAccess(tx, user, addresses);
    await anonymise(tx, user.id);
    await writeAudit(tx, { actorId: user.id, action: "account.deleted", targetUserId: user.id });
    return files;
  });
  for (const key of files) await context.storage.remove(key).catch(() => {});
  // Without SMTP, mail is captured under DATA_DIR/mail (development): the member's letters go too.
  const { mail, dataDir } = context.config;
  if (!mail.smtpUrl)
    await capturedMailbox(dataDir, mail.from).forgetMailOf({ id: user.id, verifiedAddresses: addresses });
}

/**
 * The addresses provably the member's: the account's own once confirmed. Never the pending address (anyone can
 * type someone else's there, and nothing proves it until its link is used), nor an unconfirmed sign-up address:
 * erasing by those would delete a stranger's tickets, report texts and mail.
 */
function verifiedAddressesOf(user: UserRow): string[] {
  return user.email && user.emailVerifiedAt ? [user.email.toLowerCase()] : [];
}

/** Every file the member's rows point to: each size of each photo, public and private, and their images. */
async function filesOf(tx: Db, userId: number, fictionalImages: number[]): Promise<string[]> {
  const photoRows = await tx.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.userId, userId));
  const imageRows = await tx
    .select({ storageKey: messageImages.storageKey })
    .from(messageImages)
    .where(
      fictionalImages.length
        ? or(eq(messageImages.ownerId, userId), inArray(messageImages.id, fictionalImages))
        : eq(messageImages.ownerId, userId),
    );
  const sizes = Object.keys(PHOTO_SIZES) as PhotoSize[];
  return [
    ...photoRows.flatMap(({ storageKey }) =>
      sizes.flatMap((size) => [
        photoFileKey({ storageKey, status: "approved" }, size),
        photoFileKey({ storageKey, status: "pending" }, size),
      ]),
    ),
    ...photoRows.map(({ storageKey }) => photoOriginalKey(storageKey)),
    ...imageRows.map(({ storageKey }) => messageImageFileKey(storageKey)),
  ];
}

/** Images in the member's conversations with fictional profiles: copies of the profile's photos sent to them. */
async function fictionalConversationImages(tx: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(
    tx,
    sql`select m.image_id as id from messages m
      join users f on f.id = case when m.from_id = ${userId} then m.to_id else m.from_id end
      where (m.from_id = ${userId} or m.to_id = ${userId}) and f.is_fictional and m.image_id is not null`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Conversations with fictional profiles go whole (messages, locks, both views). With real members the
 * conversation stays for the partner; the member's own view goes, and the images they sent go (the partner
 * sees "Image removed").
 */
async function eraseConversations(tx: Db, userId: number, fictionalImages: number[]): Promise<void> {
  await tx.execute(sql`delete from conversations c using users f
    where (c.initiator_id = ${userId} or c.recipient_id = ${userId})
      and f.id = case when c.initiator_id = ${userId} then c.recipient_id else c.initiator_id end
      and f.is_fictional`);
  if (fictionalImages.length) await tx.delete(messageImages).where(inArray(messageImages.id, fictionalImages));
  await tx.delete(messageImages).where(eq(messageImages.ownerId, userId));
  await tx.delete(conversationMembers).where(eq(conversationMembers.userId, userId));
}

/** What the member did and what others did to them: interactions, visits, mutes, notifications, statistics. */
async function eraseActivity(tx: Db, user: UserRow): Promise<void> {
  // Counters of the members they winked at, favourited or visited follow the rows that go (they are derived).
  await tx.execute(sql`update users u set received_winks_count = greatest(u.received_winks_count - 1, 0)
    from interactions i where i.kind = 'wink' and i.from_user_id = ${user.id} and i.to_user_id = u.id`);
  await tx.execute(sql`update users u set unread_favorites_count = greatest(u.unread_favorites_count - 1, 0)
    from interactions i where i.kind = 'favorite' and i.from_user_id = ${user.id} and i.to_user_id = u.id`);
  await tx.execute(sql`update users u set visits_count = greatest(u.visits_count - v.n, 0),
      new_visitors_count = least(u.new_visitors_count, greatest(u.visits_count - v.n, 0))
    from (select profile_id, count(*)::int as n from profile_visits where viewer_id = ${user.id} group by profile_id) v
    where v.profile_id = u.id`);
  await tx.delete(interactions).where(or(eq(interactions.fromUserId, user.id), eq(interactions.toUserId, user.id)));
  await tx.delete(profileVisits).where(or(eq(profileVisits.viewerId, user.id), eq(profileVisits.profileId, user.id)));
  await tx
    .delete(notificationMutes)
    .where(or(eq(notificationMutes.userId, user.id), eq(notificationMutes.mutedUserId, user.id)));
  await tx
    .delete(notifications)
    .where(
      or(
        eq(notifications.userId, user.id),
        eq(notifications.fromUserId, user.id),
        sql`${notifications.data}->>'from_user_uuid' = ${user.uuid}`,
      ),
    );
  await tx
    .delete(sitePopupEvents)
    .where(or(eq(sitePopupEvents.userId, user.id), eq(sitePopupEvents.profileUserId, user.id)));
  await tx.delete(pushNotificationClicks).where(eq(pushNotificationClicks.userId, user.id));
  await tx.delete(abTestEvents).where(eq(abTestEvents.userId, user.id));
  await tx.delete(clickEvents).where(
    // A device's clicks from before sign-in are theirs; another member's on a shared device are not.
    user.deviceId
      ? or(eq(clickEvents.userId, user.id), and(isNull(clickEvents.userId), eq(clickEvents.deviceId, user.deviceId)))
      : eq(clickEvents.userId, user.id),
  );
  await tx.delete(memberActionCounts).where(eq(memberActionCounts.userId, user.id));
  await tx.delete(triggerDeliveries).where(eq(triggerDeliveries.memberId, user.id));
}

/**
 * What staff hold about the member: operators' notes, reports about them, tickets they sent. Reports they
 * made stay for the moderation of the reported member, without their text or anything naming them. The audit
 * trail keeps which staff member did what to the account and when (staff accountability), nothing more:
 * its details (note texts, conversations, URLs) and the member's own IP addresses go.
 */
async function eraseStaffRecords(tx: Db, user: UserRow, addresses: string[]): Promise<void> {
  await tx.delete(memberNotes).where(eq(memberNotes.memberId, user.id));
  await tx.delete(reports).where(eq(reports.reportedUserId, user.id));
  const byAddress = (column: typeof reports.reporterEmail | typeof supportTickets.email) =>
    addresses.length ? inArray(sql`lower(${column})`, addresses) : sql`false`;
  await tx
    .update(reports)
    .set({ reporterId: null, reporterEmail: null, details: "" })
    .where(or(eq(reports.reporterId, user.id), byAddress(reports.reporterEmail)));
  await tx.delete(supportTickets).where(or(eq(supportTickets.userId, user.id), byAddress(supportTickets.email)));
  await tx
    .update(auditLog)
    .set({ metadata: {}, ip: sql`case when ${auditLog.actorId} = ${user.id} then null else ${auditLog.ip} end` })
    .where(or(eq(auditLog.targetUserId, user.id), eq(auditLog.actorId, user.id)));
}

/**
 * Sign-in and delivery: sessions, tokens, two-factor secrets and codes, push subscriptions, spending controls,
 * mail still queued or kept, real-time events that name them. Jobs and events go by structured keys only: the member they are for (`user_id`, `user_ids`), and letters whose recipient
 * is exactly an address the member verified (a guest's acknowledgement sent before they registered). Never by a
 * substring of the text: "e@example.com" is inside "alice@example.com".
 */
async function eraseAccess(tx: Db, user: UserRow, addresses: string[]): Promise<void> {
  await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
  await tx.delete(impersonationTokens).where(eq(impersonationTokens.userId, user.id));
  await tx.delete(authSessions).where(eq(authSessions.userId, user.id));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
  await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, user.id));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  // Their own choice about their own spending: nothing an account that no longer buys needs kept.
  await tx.delete(spendingControls).where(eq(spendingControls.userId, user.id));
  const recipient = sql`lower(coalesce(${jobs.payload}->'data'->>'to', ${jobs.payload}->'data'->>'email'))`;
  await tx
    .delete(jobs)
    .where(
      or(
        eq(jobs.userId, user.id),
        addresses.length ? and(eq(jobs.kind, MAIL_JOB), inArray(recipient, addresses)) : undefined,
      ),
    );
  // No index serves this (one on every event written would cost every message sent); deletion is rare and
  // the table holds about a day of events.
  await tx.delete(realtimeOutbox).where(sql`${realtimeOutbox.userIds} @> array[${user.id}]::bigint[]`);
  await tx.delete(photos).where(eq(photos.userId, user.id));
}

/**
 * The row stays for what must reference it (payments, the ledger, the partner's conversations), with nothing
 * that identifies the member: a new uuid (the old one named their real-time channels, links and logs), no
 * email, password, birthdate, profile text, location, campaign, device id or registration address.
 */
async function anonymise(tx: Db, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      uuid: randomUUID(),
      username: `deleted-${userId}`.slice(0, 20),
      email: null,
      pendingEmail: null,
      passwordHash: null,
      birthdate: null,
      headline: null,
      aboutMe: null,
      heightCm: null,
      relationshipStatus: null,
      lookingFor: null,
      bodyType: 1,
      eyeColor: 1,
      hairColor: 1,
      tattoosPiercings: 1,
      interests: [],
      features: {},
      preferences: {},
      campaign: null,
      deviceId: null,
      registrationIp: null,
      termsVersion: null,
      termsAcceptedAt: null,
      city: "",
      state: null,
      // The deletion request itself counted as activity: the gone account must not show as "online now".
      lastActiveAt: new Date(Date.now() - ONLINE_WINDOW_MS),
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

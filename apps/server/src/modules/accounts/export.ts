import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../platform/app-context";
import { auditLog } from "../../platform/db/schema/admin";
import { authSessions } from "../../platform/db/schema/auth";
import { conversations, messageImages, messages } from "../../platform/db/schema/conversations";
import { creditLedger } from "../../platform/db/schema/credits";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import { notificationMutes, notifications } from "../../platform/db/schema/notifications";
import { memberNotes } from "../../platform/db/schema/operator";
import { payments } from "../../platform/db/schema/payments";
import { photos, profileVisits } from "../../platform/db/schema/profiles";
import { reports } from "../../platform/db/schema/reports";
import { supportTicketReplies, supportTickets } from "../../platform/db/schema/support";
import { abTestEvents, clickEvents, pushNotificationClicks, sitePopupEvents } from "../../platform/db/schema/tracking";
import type { UserRow } from "../../platform/members/types";
import { messageImageFileKey } from "../conversations";
import { photoFileKey } from "../photos";
import { presentAccountEvents } from "./export-events";

/** A file of the member's own that goes into the ZIP beside data.json: its storage key and its name there. */
export interface ExportFile {
  storageKey: string;
  name: string;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Everything the site holds about the member (privacy law's right of access), as data.json plus the
 * member's own photo files. Left out on purpose: secrets (password and token hashes), other members' private
 * data (their emails, the images they sent), and who on our staff did what, from where.
 */
export async function collectAccountExport(context: AppContext, user: UserRow) {
  const { db } = context.database;
  const recipient = alias(users, "recipient");
  const sender = alias(users, "sender");
  const [
    photoRows,
    messageRows,
    imageRows,
    paymentRows,
    ledgerRows,
    notificationRows,
    interactionRows,
    visitRows,
    muteRows,
    reportRows,
    ticketRows,
    sessionRows,
    auditRows,
    noteRows,
  ] = await Promise.all([
    db.select().from(photos).where(eq(photos.userId, user.id)).orderBy(asc(photos.position), asc(photos.id)),
    db
      .select({
        id: messages.id,
        conversation: conversations.uuid,
        fromId: messages.fromId,
        senderName: sender.username,
        recipientName: recipient.username,
        type: messages.type,
        text: messages.text,
        imageUuid: messageImages.uuid,
        imageOwnerId: messageImages.ownerId,
        price: messages.price,
        readAt: messages.readAt,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(sender, eq(sender.id, messages.fromId))
      .innerJoin(recipient, eq(recipient.id, messages.toId))
      .leftJoin(messageImages, eq(messageImages.id, messages.imageId))
      .where(or(eq(messages.fromId, user.id), eq(messages.toId, user.id)))
      .orderBy(asc(messages.conversationId), asc(messages.id)),
    db.select().from(messageImages).where(eq(messageImages.ownerId, user.id)).orderBy(asc(messageImages.id)),
    db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(asc(payments.createdAt)),
    db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)).orderBy(asc(creditLedger.id)),
    db
      .select({ row: notifications, from: users.username })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.fromUserId))
      .where(eq(notifications.userId, user.id))
      .orderBy(asc(notifications.id)),
    db
      .select({ kind: interactions.kind, to: users.username, at: interactions.createdAt })
      .from(interactions)
      .innerJoin(users, eq(users.id, interactions.toUserId))
      .where(eq(interactions.fromUserId, user.id))
      .orderBy(asc(interactions.createdAt)),
    db
      .select({ profile: users.username, at: profileVisits.createdAt })
      .from(profileVisits)
      .innerJoin(users, eq(users.id, profileVisits.profileId))
      .where(eq(profileVisits.viewerId, user.id))
      .orderBy(asc(profileVisits.createdAt)),
    db
      .select({ muted: users.username, at: notificationMutes.createdAt })
      .from(notificationMutes)
      .innerJoin(users, eq(users.id, notificationMutes.mutedUserId))
      .where(eq(notificationMutes.userId, user.id)),
    db
      .select({ row: reports, reported: users.username })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reportedUserId))
      .where(eq(reports.reporterId, user.id))
      .orderBy(asc(reports.createdAt)),
    db.select().from(supportTickets).where(eq(supportTickets.userId, user.id)).orderBy(asc(supportTickets.createdAt)),
    db.select().from(authSessions).where(eq(authSessions.userId, user.id)).orderBy(desc(authSessions.createdAt)),
    db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id)).orderBy(asc(auditLog.createdAt)),
    db.select().from(memberNotes).where(eq(memberNotes.memberId, user.id)).orderBy(asc(memberNotes.id)),
  ]);
  const replyRows = ticketRows.length
    ? await db
        .select({
          ticketId: supportTicketReplies.ticketId,
          message: supportTicketReplies.message,
          at: supportTicketReplies.createdAt,
        })
        .from(supportTicketReplies)
        .where(
          inArray(
            supportTicketReplies.ticketId,
            ticketRows.map((ticket) => ticket.id),
          ),
        )
        .orderBy(asc(supportTicketReplies.id))
    : [];
  const tracking = await collectTracking(context, user);

  const files: ExportFile[] = [
    ...photoRows.map((photo) => ({ storageKey: photoFileKey(photo, "large"), name: `photos/${photo.uuid}.webp` })),
    ...imageRows.map((image) => ({
      storageKey: messageImageFileKey(image.storageKey),
      name: `message-images/${image.uuid}.webp`,
    })),
  ];

  const data = {
    exported_at: new Date().toISOString(),
    account: {
      uuid: user.uuid,
      username: user.username,
      email: user.email,
      email_verified_at: iso(user.emailVerifiedAt),
      pending_email: user.pendingEmail,
      roles: user.roles,
      created_at: iso(user.createdAt),
      last_active_at: iso(user.lastActiveAt),
      terms_version: user.termsVersion,
      terms_accepted_at: iso(user.termsAcceptedAt),
      deactivated_at: iso(user.deactivatedAt),
      registration_ip: user.registrationIp,
      device_id: user.deviceId,
      campaign: user.campaign,
      credits: user.credits,
      unlimited_messages_until: iso(user.unlimitedUntil),
      vip_until: iso(user.vipUntil),
      features: user.features,
    },
    preferences: {
      ...user.preferences,
      muted_members: muteRows.map((mute) => ({ username: mute.muted, since: iso(mute.at) })),
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
      file: `photos/${photo.uuid}.webp`,
      status: photo.status,
      is_primary: photo.isPrimary,
      uploaded_at: iso(photo.createdAt),
    })),
    messages: messageRows.map((message) => {
      const sent = message.fromId === user.id;
      return {
        conversation: message.conversation,
        direction: sent ? "sent" : "received",
        partner: sent ? message.recipientName : message.senderName,
        type: message.type,
        text: message.text,
        // The images the member sent are in the ZIP; one a partner sent stays theirs.
        image: message.imageUuid
          ? message.imageOwnerId === user.id
            ? `message-images/${message.imageUuid}.webp`
            : "an image from your partner (not included)"
          : null,
        credits: message.price,
        sent_at: iso(message.createdAt),
        read_at: iso(message.readAt),
      };
    }),
    message_images: imageRows.map((image) => ({
      file: `message-images/${image.uuid}.webp`,
      uploaded_at: iso(image.createdAt),
    })),
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      product: payment.packageName,
      kind: payment.kind,
      credits: payment.credits,
      bonus_credits: payment.promoBonusCredits + payment.vipBonusCredits,
      duration_hours: payment.durationHours,
      price_cents: payment.priceCents,
      currency: payment.currency,
      promotion: payment.promotionName,
      status: payment.status,
      created_at: iso(payment.createdAt),
      paid_at: iso(payment.paidAt),
      refunded_at: iso(payment.refundedAt),
    })),
    credit_ledger: ledgerRows.map((entry) => ({
      amount: entry.amount,
      reason: entry.reason,
      reference: entry.reference,
      balance_after: entry.balanceAfter,
      at: iso(entry.createdAt),
    })),
    notifications: notificationRows.map(({ row, from }) => ({
      type: row.actionType,
      from,
      data: row.data,
      read_at: iso(row.readAt),
      at: iso(row.createdAt),
    })),
    likes: interactionsOf(interactionRows, "like"),
    winks: interactionsOf(interactionRows, "wink"),
    favorites: interactionsOf(interactionRows, "favorite"),
    blocks: interactionsOf(interactionRows, "block"),
    profile_visits: visitRows.map((visit) => ({ profile: visit.profile, at: iso(visit.at) })),
    reports: reportRows.map(({ row, reported }) => ({
      reported_member: reported,
      about_a_photo: row.photoId !== null,
      reason: row.reason,
      details: row.details,
      status: row.status,
      at: iso(row.createdAt),
    })),
    support_tickets: ticketRows.map((ticket) => ({
      subject: ticket.subject,
      category: ticket.category,
      message: ticket.message,
      email: ticket.email,
      name: ticket.name,
      status: ticket.status,
      at: iso(ticket.createdAt),
      closed_at: iso(ticket.closedAt),
      replies: replyRows
        .filter((reply) => reply.ticketId === ticket.id)
        .map((reply) => ({ from: "Velvet Hearts support", message: reply.message, at: iso(reply.at) })),
    })),
    notes_kept_about_you: noteRows.map((note) => ({ topic: note.category, text: note.text, at: iso(note.updatedAt) })),
    // A support sign-in was our staff, not the member: its IP address and browser are the staff member's.
    sign_ins: sessionRows.map((session) =>
      session.impersonatorId === null
        ? {
            started_at: iso(session.createdAt),
            last_used_at: iso(session.lastUsedAt),
            ended_at: iso(session.revokedAt),
            ip: session.ip,
            user_agent: session.userAgent,
          }
        : {
            started_at: iso(session.createdAt),
            last_used_at: iso(session.lastUsedAt),
            ended_at: iso(session.revokedAt),
            by: "Velvet Hearts support",
          },
    ),
    account_events: presentAccountEvents(auditRows, user.id),
    activity_tracking: tracking,
  };
  return { data, files };
}

function interactionsOf(rows: Array<{ kind: string; to: string; at: Date }>, kind: string) {
  return rows.filter((row) => row.kind === kind).map((row) => ({ member: row.to, at: iso(row.at) }));
}

/** The site's product statistics rows that name the member: clicks, popups, push clicks, A/B test events. */
async function collectTracking(context: AppContext, user: UserRow) {
  const { db } = context.database;
  const [clicks, popups, pushes, abTests] = await Promise.all([
    db
      .select()
      .from(clickEvents)
      .where(
        // A device's clicks from before sign-in are theirs; another member's on a shared device are not.
        user.deviceId
          ? or(
              eq(clickEvents.userId, user.id),
              and(isNull(clickEvents.userId), eq(clickEvents.deviceId, user.deviceId)),
            )
          : eq(clickEvents.userId, user.id),
      )
      .orderBy(asc(clickEvents.id)),
    db.select().from(sitePopupEvents).where(eq(sitePopupEvents.userId, user.id)).orderBy(asc(sitePopupEvents.id)),
    db
      .select()
      .from(pushNotificationClicks)
      .where(eq(pushNotificationClicks.userId, user.id))
      .orderBy(asc(pushNotificationClicks.id)),
    db.select().from(abTestEvents).where(eq(abTestEvents.userId, user.id)).orderBy(asc(abTestEvents.id)),
  ]);
  return {
    clicks: clicks.map((click) => ({
      section: click.sectionType,
      button: click.buttonType,
      status: click.status,
      at: iso(click.createdAt),
    })),
    notification_popups: popups.map((popup) => ({
      notification: popup.notificationType,
      action: popup.actionType,
      at: iso(popup.createdAt),
    })),
    push_notification_clicks: pushes.map((push) => ({ x: push.x, t: push.t, at: iso(push.createdAt) })),
    ab_tests: abTests.map((event) => ({
      test: event.abTestType,
      group: event.groupName,
      value: event.value,
      event: event.eventName,
      at: iso(event.createdAt),
    })),
  };
}

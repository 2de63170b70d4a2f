import { asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { conversations, messages } from "../../platform/db/schema/conversations";
import type { users } from "../../platform/db/schema/members";
import { photos } from "../../platform/db/schema/profiles";
import { reports } from "../../platform/db/schema/reports";
import { presentOwnPhoto } from "../photos";
import { loadReports } from "./reports-service";

/*
 * What moderation needs to see of a member: their photos whatever the status, their profile text,
 * the reports against them and by them, and how much they talk.
 */

type MemberRow = typeof users.$inferSelect;

/** Every photo of the member, main first then gallery order; private files behind expiring signed URLs. */
export async function memberPhotos(context: AppContext, memberId: number) {
  const rows = await context.database.db
    .select()
    .from(photos)
    .where(eq(photos.userId, memberId))
    .orderBy(desc(photos.isPrimary), asc(photos.position), asc(photos.id));
  // The owner's own shape (signed URLs for private files), less the original, which moderation has no use for.
  return rows.map((row) => {
    const { original_url: _original, ...photo } = presentOwnPhoto(context, row);
    return { ...photo, uploaded_at: row.createdAt.toISOString() };
  });
}

export function memberProfileText(member: MemberRow) {
  return {
    headline: member.headline,
    about_me: member.aboutMe,
    gender: member.gender,
    seeking: member.seeking,
    city: member.city,
    state: member.state,
    birthdate: member.birthdate,
    interests: member.interests,
  };
}

/** The latest 20 reports against the member and, separately, the latest 20 they filed. */
export async function memberReports(context: AppContext, memberId: number) {
  const latest = (column: typeof reports.reportedUserId | typeof reports.reporterId) =>
    context.database.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(column, memberId))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(20);
  const [against, by] = await Promise.all([latest(reports.reportedUserId), latest(reports.reporterId)]);
  const [reportsAgainst, reportsBy] = await Promise.all([
    loadReports(
      context,
      against.map((row) => row.id),
    ),
    loadReports(
      context,
      by.map((row) => row.id),
    ),
  ]);
  return { reports_against: reportsAgainst, reports_by: reportsBy };
}

/** Counts only: an admin sees how much a member talks here, not what they say. */
export async function memberConversationCounts(context: AppContext, memberId: number) {
  const { db } = context.database;
  const [[talks], [sent], [received]] = await Promise.all([
    db
      .select({
        total: count(),
        started: sql<number>`count(*) filter (where ${conversations.initiatorId} = ${memberId})`,
      })
      .from(conversations)
      .where(or(eq(conversations.initiatorId, memberId), eq(conversations.recipientId, memberId))),
    db.select({ n: count() }).from(messages).where(eq(messages.fromId, memberId)),
    db.select({ n: count() }).from(messages).where(eq(messages.toId, memberId)),
  ]);
  return {
    total: talks?.total ?? 0,
    started: Number(talks?.started ?? 0),
    messages_sent: sent?.n ?? 0,
    messages_received: received?.n ?? 0,
  };
}

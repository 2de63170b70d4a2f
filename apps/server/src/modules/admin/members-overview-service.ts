import type { TAdminMembersOverview } from "@velvet/shared/api/admin-members";
import { and, count, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { reports } from "../../platform/db/schema/reports";
import { presentSummary, suspendersOf } from "./members-service";

const OPEN_REPORT = inArray(reports.status, ["pending", "under_review"]);
/** Real members: not a fictional profile, not staff, not deleted. */
const realMember = and(
  eq(users.isFictional, false),
  sql`not (${users.roles} && array['admin', 'operator']::text[])`,
  isNull(users.deletedAt),
);

/**
 * The members page before a search: the newest sign-ups, and the members with open (pending or under
 * review) reports against them, most reported first, then the most recently reported.
 */
export async function membersOverview(context: AppContext): Promise<TAdminMembersOverview> {
  const { db } = context.database;
  const [newest, reported] = await Promise.all([
    db.select().from(users).where(realMember).orderBy(desc(users.createdAt), desc(users.id)).limit(20),
    db
      .select({ member: users, open: count(), last: max(reports.createdAt) })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reportedUserId))
      .where(and(OPEN_REPORT, eq(users.isFictional, false), isNull(users.deletedAt)))
      .groupBy(users.id)
      .orderBy(desc(count()), desc(max(reports.createdAt)))
      .limit(20),
  ]);
  const suspenders = await suspendersOf(context, [...newest, ...reported.map((row) => row.member)]);
  return {
    newest: newest.map((member) => presentSummary(member, suspenders)),
    reported: reported.map((row) => ({
      ...presentSummary(row.member, suspenders),
      open_reports: row.open,
      last_reported_at: (row.last ?? row.member.createdAt).toISOString(),
    })),
  };
}

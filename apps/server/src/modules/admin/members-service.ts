import type { TAdminMemberSummary } from "@velvet/shared/api/admin-members";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { likePrefixPattern } from "../../platform/db/like-pattern";
import { auditLog } from "../../platform/db/schema/admin";
import { creditLedger } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { payments } from "../../platform/db/schema/payments";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser, UserRow } from "../../platform/members/types";
import { addCredits, takeBackCredits } from "../ledger";
import { openAccountFlags, presentAdminPayment } from "../payments";
import { revokeAllSessions } from "../sessions";
import { memberConversationCounts, memberPhotos, memberProfileText, memberReports } from "./member-moderation-view";
import { closeEndedImpersonations, endImpersonationsBy } from "./staff-impersonations";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

type MemberRow = typeof users.$inferSelect;
type Suspenders = Map<number, { uuid: string; username: string }>;

/** The admins who suspended these accounts, by id, for the summaries (one query for a whole list). */
export async function suspendersOf(context: AppContext, members: MemberRow[]): Promise<Suspenders> {
  const ids = [...new Set(members.flatMap((member) => (member.suspendedById ? [member.suspendedById] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await context.database.db
    .select({ id: users.id, uuid: users.uuid, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { uuid: row.uuid, username: row.username }]));
}

/** What an admin sees of an account in lists: never the password hash, tokens or IP. */
export function presentSummary(member: MemberRow, suspenders: Suspenders): TAdminMemberSummary {
  return {
    uuid: member.uuid,
    username: member.username,
    email: member.email,
    roles: member.roles,
    is_fictional: member.isFictional,
    credits: member.credits,
    created_at: member.createdAt.toISOString(),
    last_active_at: member.lastActiveAt.toISOString(),
    deactivated_at: iso(member.deactivatedAt),
    suspension: member.suspendedAt
      ? {
          suspended_at: member.suspendedAt.toISOString(),
          reason: member.suspendedReason ?? "",
          suspended_by: member.suspendedById ? (suspenders.get(member.suspendedById) ?? null) : null,
        }
      : null,
    deleted_at: iso(member.deletedAt),
  };
}

/** Members by exact uuid, or by the start of their username or email (case-insensitive), at most 25. */
export async function searchMembers(context: AppContext, query: string): Promise<TAdminMemberSummary[]> {
  const { db } = context.database;
  const prefix = likePrefixPattern(query);
  const rows = await db
    .select()
    .from(users)
    .where(
      UUID.test(query)
        ? eq(users.uuid, query.toLowerCase())
        : or(ilike(users.username, prefix), ilike(users.email, prefix)),
    )
    .orderBy(sql`lower(${users.username})`)
    .limit(25);
  const suspenders = await suspendersOf(context, rows);
  return rows.map((row) => presentSummary(row, suspenders));
}

async function memberByUuid(context: AppContext, uuid: string): Promise<MemberRow> {
  const [member] = await context.database.db.select().from(users).where(eq(users.uuid, uuid));
  if (!member) throw new AppError("not_found");
  return member;
}

/**
 * The ledger rows as an admin reads them: an adjustment's written reason lives in its audit entry (the ledger
 * keeps only `adjustment:{id}`), so it is looked up by that reference.
 */
async function withAdjustmentNotes(
  context: AppContext,
  memberId: number,
  ledger: (typeof creditLedger.$inferSelect)[],
) {
  const adjusted = ledger.some((row) => row.reason === "admin_adjustment");
  const audits = adjusted
    ? await context.database.db
        .select({ metadata: auditLog.metadata })
        .from(auditLog)
        .where(and(eq(auditLog.targetUserId, memberId), eq(auditLog.action, "member.credits_adjusted")))
    : [];
  const notes = new Map(audits.map(({ metadata }) => [String(metadata.reference), String(metadata.reason)]));
  return ledger.map((row) => ({
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    reference: row.reference,
    balance_after: row.balanceAfter,
    created_at: row.createdAt.toISOString(),
    note: row.reason === "admin_adjustment" ? (notes.get(row.reference) ?? null) : null,
  }));
}

export async function memberDetail(context: AppContext, uuid: string) {
  const { db } = context.database;
  const member = await memberByUuid(context, uuid);
  const [ledger, memberPayments, reportLists, flags, photoList, conversationCounts] = await Promise.all([
    db.select().from(creditLedger).where(eq(creditLedger.userId, member.id)).orderBy(desc(creditLedger.id)).limit(50),
    db.select().from(payments).where(eq(payments.userId, member.id)).orderBy(desc(payments.createdAt)).limit(20),
    memberReports(context, member.id),
    openAccountFlags(db, member.id),
    memberPhotos(context, member.id),
    memberConversationCounts(context, member.id),
  ]);
  return {
    ...presentSummary(member, await suspendersOf(context, [member])),
    email_verified_at: iso(member.emailVerifiedAt),
    features: member.features,
    unlimited_until: iso(member.unlimitedUntil),
    vip_until: iso(member.vipUntil),
    ledger: await withAdjustmentNotes(context, member.id, ledger),
    payments: memberPayments.map(presentAdminPayment),
    account_flags: flags,
    ...reportLists,
    photos: photoList,
    profile: memberProfileText(member),
    conversations: conversationCounts,
  };
}

/**
 * One ledger row (admin_adjustment, reference `adjustment:{id}`) and the audit entry, in one transaction. A
 * retried request finds its reference taken and changes nothing; taking more than the balance is refused.
 */
export async function adjustCredits(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  adjustment: { amount: number; reason: string; adjustment_id: string },
  ip: string,
): Promise<{ applied: boolean; balance: number }> {
  const reference = `adjustment:${adjustment.adjustment_id}`;
  return context.database.db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.uuid, uuid)).for("update");
    if (!member) throw new AppError("not_found");
    const [earlier] = await tx
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(sql`${creditLedger.reason} = 'admin_adjustment' and ${creditLedger.reference} = ${reference}`);
    if (earlier) return { applied: false, balance: member.credits };
    if (adjustment.amount < 0 && member.credits + adjustment.amount < 0) {
      throw AppError.field("amount", `The member has only ${member.credits} credits to take back.`);
    }
    const balance =
      adjustment.amount > 0
        ? await addCredits(tx, member, adjustment.amount, "admin_adjustment", reference)
        : (await takeBackCredits(tx, member.id, -adjustment.amount, "admin_adjustment", reference))?.balance;
    if (balance === null || balance === undefined) return { applied: false, balance: member.credits };
    await writeAudit(tx, {
      actorId: admin.id,
      action: "member.credits_adjusted",
      targetUserId: member.id,
      metadata: { amount: adjustment.amount, reason: adjustment.reason, reference },
      ip,
    });
    return { applied: true, balance };
  });
}

/**
 * Deactivates or reactivates a member's account as an admin; the member is confined to /deactivated meanwhile.
 * Deactivated staff lose their sessions too: the consoles refuse them from the next request on.
 */
export async function setMemberDeactivated(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  deactivated: boolean,
  ip: string,
): Promise<TAdminMemberSummary> {
  const { updated, impersonations } = await context.database.db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.uuid, uuid)).for("update");
    if (!member || member.deletedAt) throw new AppError("not_found");
    const [row] = await tx
      .update(users)
      .set({
        deactivatedAt: deactivated ? (member.deactivatedAt ?? new Date()) : null,
        // Closed by our team from now on, even if the member had closed it first: only an admin reopens it.
        deactivatedById: deactivated ? admin.id : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, member.id))
      .returning();
    const staffLosesAccess = deactivated && isStaff(member);
    if (staffLosesAccess) await revokeAllSessions(tx, member.id);
    const impersonations = staffLosesAccess ? await endImpersonationsBy(tx, member.id) : [];
    await writeAudit(tx, {
      actorId: admin.id,
      action: deactivated ? "member.deactivated_by_admin" : "member.reactivated_by_admin",
      targetUserId: member.id,
      ip,
    });
    return { updated: row ?? member, impersonations };
  });
  if (deactivated) {
    await context.memberConnections.close({ memberUuid: updated.uuid }, realtimeCloseCodes.sessionEnded);
  }
  await closeEndedImpersonations(context, impersonations);
  return presentSummary(updated, await suspendersOf(context, [updated]));
}

function isStaff(user: Pick<UserRow, "roles">): boolean {
  return user.roles.includes("admin") || user.roles.includes("operator");
}

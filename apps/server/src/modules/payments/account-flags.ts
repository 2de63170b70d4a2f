import type { TAdminAccountFlag } from "@velvet/shared/api/admin-payments";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { accountFlags } from "../../platform/db/schema/payments";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

type FlagRow = typeof accountFlags.$inferSelect;

export function presentAccountFlag(flag: FlagRow): TAdminAccountFlag {
  return {
    id: flag.id,
    reason: flag.reason as TAdminAccountFlag["reason"],
    payment_id: flag.paymentId,
    credits_short: flag.creditsShort,
    created_at: flag.createdAt.toISOString(),
    resolved_at: flag.resolvedAt?.toISOString() ?? null,
  };
}

/** The flags on an account that no admin has cleared yet, oldest first (the admin's member page lists them). */
export async function openAccountFlags(db: Db, userId: number): Promise<TAdminAccountFlag[]> {
  const rows = await db
    .select()
    .from(accountFlags)
    .where(and(eq(accountFlags.userId, userId), isNull(accountFlags.resolvedAt)))
    .orderBy(asc(accountFlags.createdAt), asc(accountFlags.id));
  return rows.map(presentAccountFlag);
}

/** True while a chargeback on the account is not cleared: the member may not buy meanwhile. */
export async function purchasesSuspended(db: Db, userId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: accountFlags.id })
    .from(accountFlags)
    .where(and(eq(accountFlags.userId, userId), eq(accountFlags.reason, "chargeback"), isNull(accountFlags.resolvedAt)))
    .limit(1);
  return open !== undefined;
}

/**
 * An admin clears a flag of this member (a flag of anyone else is 404): audited once; clearing it again answers
 * it as it is. The shortfall it recorded stays on the row, since ledger:check still counts it.
 */
export async function resolveAccountFlag(
  context: AppContext,
  admin: SessionUser,
  memberUuid: string,
  flagId: number,
  ip: string,
): Promise<TAdminAccountFlag> {
  return context.database.db.transaction(async (tx) => {
    const [flag] = await tx
      .select({ flag: accountFlags })
      .from(accountFlags)
      .innerJoin(users, eq(users.id, accountFlags.userId))
      .where(and(eq(accountFlags.id, flagId), eq(users.uuid, memberUuid)))
      .for("update", { of: accountFlags });
    if (!flag) throw new AppError("not_found");
    if (flag.flag.resolvedAt) return presentAccountFlag(flag.flag);
    const [resolved] = await tx
      .update(accountFlags)
      .set({ resolvedAt: new Date() })
      .where(eq(accountFlags.id, flagId))
      .returning();
    await writeAudit(tx, {
      actorId: admin.id,
      action: "account_flag.resolved",
      targetUserId: flag.flag.userId,
      metadata: { flagId, reason: flag.flag.reason, paymentId: flag.flag.paymentId },
      ip,
    });
    return presentAccountFlag(resolved ?? flag.flag);
  });
}

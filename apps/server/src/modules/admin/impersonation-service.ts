import { accountMessages } from "@velvet/shared/validation/account-messages";
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { impersonationTokens } from "../../platform/db/schema/auth";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { hashToken, randomToken } from "../../platform/security/secrets";
import { type IssuedTokens, startSession } from "../sessions";

export const IMPERSONATION_TOKEN_TTL_SECONDS = 5 * 60;

/** An operator asks to act as a member: a single-use link, valid 5 minutes, audit-logged. */
export async function issueImpersonationToken(
  context: AppContext,
  operator: SessionUser,
  memberUuid: string,
  ip: string,
): Promise<{ token: string; expiresAt: Date; url: string }> {
  return context.database.db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(users)
      .where(and(eq(users.uuid, memberUuid), isNull(users.deletedAt)));
    // Staff accounts are never impersonated: that would be a way around their own permissions. Nor are
    // fictional profiles: they never sign in, and operators answer as them through the console.
    if (!member || member.isFictional || member.roles.some((role) => role !== "member")) {
      throw new AppError("not_found");
    }
    const token = randomToken();
    const expiresAt = new Date(Date.now() + IMPERSONATION_TOKEN_TTL_SECONDS * 1000);
    await tx
      .insert(impersonationTokens)
      .values({ operatorId: operator.id, userId: member.id, tokenHash: hashToken(token), expiresAt });
    await writeAudit(tx, { actorId: operator.id, action: "impersonation.issued", targetUserId: member.id, ip });
    return {
      token,
      expiresAt,
      url: `${context.config.appUrl}/dashboard?impersonate_token=${encodeURIComponent(token)}`,
    };
  });
}

/** Exchanges the link for a session that records the operator; works once. */
export async function exchangeImpersonationToken(
  context: AppContext,
  token: string,
  meta: { ip: string; userAgent: string | undefined },
): Promise<IssuedTokens> {
  const invalid = AppError.field("token", accountMessages.impersonationInvalid);
  return context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ grant: impersonationTokens, member: users })
      .from(impersonationTokens)
      .innerJoin(users, eq(users.id, impersonationTokens.userId))
      .where(eq(impersonationTokens.tokenHash, hashToken(token)))
      .for("update", { of: impersonationTokens });
    if (!row || row.grant.usedAt || row.grant.expiresAt <= new Date()) throw invalid;
    // Nobody may act as a suspended member (their own sessions are refused too).
    if (row.member.deletedAt || row.member.suspendedAt) throw invalid;
    await tx.update(impersonationTokens).set({ usedAt: new Date() }).where(eq(impersonationTokens.id, row.grant.id));
    await writeAudit(tx, {
      actorId: row.grant.operatorId,
      action: "impersonation.started",
      targetUserId: row.member.id,
      ip: meta.ip,
    });
    return startSession(context, tx, {
      user: row.member,
      impersonatorId: row.grant.operatorId,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  });
}

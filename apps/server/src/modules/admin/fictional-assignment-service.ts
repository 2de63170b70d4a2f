import { fictionalProfileMessages, type TAssignedOperator } from "@velvet/shared/api/admin-fictional";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { fictionalProfileOperators } from "../../platform/db/schema/operator";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { fictionalProfileDetail, fictionalProfileOrNotFound } from "./fictional-profiles-service";

const hasOperatorRole = sql`'operator' = any(${users.roles})`;

/** Accounts with the operator role, for the assignment picker. */
export async function assignableOperators(context: AppContext): Promise<TAssignedOperator[]> {
  return context.database.db
    .select({ uuid: users.uuid, username: users.username })
    .from(users)
    .where(and(hasOperatorRole, isNull(users.deletedAt), isNull(users.deactivatedAt), isNull(users.suspendedAt)))
    .orderBy(sql`lower(${users.username})`)
    .limit(500);
}

/**
 * Replaces who answers a profile (see operatorPolicy.answerableBySql). An empty
 * list hands it back to every operator. Conversations of the profile that an
 * operator no longer assigned still holds are released in the same
 * transaction, so the queue shows them free for the assigned operators at once;
 * a reply already on its way is refused by the reply's own check.
 */
export async function setProfileOperators(
  context: AppContext,
  admin: SessionUser,
  uuid: string,
  operatorUuids: string[],
  ip: string,
) {
  await context.database.db.transaction(async (tx) => {
    const profile = await fictionalProfileOrNotFound(tx, uuid);
    const operators =
      operatorUuids.length === 0
        ? []
        : await tx
            .select({ id: users.id, uuid: users.uuid })
            .from(users)
            .where(and(inArray(users.uuid, operatorUuids), hasOperatorRole, isNull(users.deletedAt)));
    if (operators.length !== operatorUuids.length) {
      throw AppError.field("operator_uuids", fictionalProfileMessages.operatorsInvalid);
    }
    // The profile row is locked so two admins assigning at once end with one of their lists, not a mix.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, profile.id)).for("update");
    await tx.delete(fictionalProfileOperators).where(eq(fictionalProfileOperators.profileId, profile.id));
    if (operators.length > 0) {
      await tx
        .insert(fictionalProfileOperators)
        .values(operators.map((operator) => ({ profileId: profile.id, operatorId: operator.id })));
      const keep = operators.map((operator) => operator.id);
      await tx.execute(sql`delete from conversation_locks l
        using conversation_members cm, users holder
        where cm.conversation_id = l.conversation_id and cm.user_id = ${profile.id}
          and holder.id = l.operator_id and not ('admin' = any(holder.roles))
          and l.operator_id not in (${sql.join(
            keep.map((id) => sql`${id}`),
            sql`, `,
          )})`);
    }
    await writeAudit(tx, {
      actorId: admin.id,
      action: "fictional_profile.operators_set",
      targetUserId: profile.id,
      metadata: { operators: operators.map((operator) => operator.uuid).sort() },
      ip,
    });
  });
  return fictionalProfileDetail(context, uuid);
}

import { OPERATOR_LOCK_SECONDS, OPERATOR_MAX_LOCKS, operatorMessages } from "@velvet/shared/api/operator";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { queryRows } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { currentLock } from "./lock-queries";
import { operatorPolicy } from "./policy";
import { presentLock } from "./presenter";
import { recordQueueChanges } from "./queue-feed";

/*
 * Conversation locks. Every time comparison uses the database clock (now()),
 * so several server processes agree on when a lock ends. An expired row is
 * simply free: it is overwritten by the next operator who takes it.
 */

/**
 * Takes a conversation for 6 minutes. The take itself is one statement: an
 * insert that, on the conversation's unique row, only overwrites a lock that
 * has expired or is the caller's own, and only while the caller holds fewer
 * than 2 others. Two operators racing meet at the unique index: the second
 * waits for the first to commit, then finds a live lock that is not theirs and
 * gets nothing back. The operator's own row is locked first so that one
 * operator taking two conversations at once counts each other's locks (the
 * count is read by the statement that inserts, after that wait). The same
 * statement checks the profile's assignment, so an admin reassigning it
 * meanwhile is honoured too.
 */
export async function takeLock(context: AppContext, operator: SessionUser, uuid: string, ip: string) {
  const { db } = context.database;
  const target = await operatorPolicy.fictionalConversationOrNotFound(db, uuid);
  await operatorPolicy.assertMayAnswer(db, operator, target.profile.id);
  const conversationId = target.conversation.id;
  const taken = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, operator.id)).for("no key update");
    const [row] = await queryRows<{ expires_at: Date | string; seconds_left: unknown }>(
      tx,
      sql`insert into conversation_locks (conversation_id, operator_id, taken_at, expires_at)
        select ${conversationId}, ${operator.id}, now(), now() + make_interval(secs => ${OPERATOR_LOCK_SECONDS})
        where (select count(*) from conversation_locks held
          where held.operator_id = ${operator.id} and held.expires_at > now()
            and held.conversation_id <> ${conversationId}) < ${OPERATOR_MAX_LOCKS}
          and exists (select 1 from users profile where profile.id = ${target.profile.id}
            and ${operatorPolicy.answerableBySql(operator, "profile")})
        on conflict (conversation_id) do update
          set operator_id = excluded.operator_id, expires_at = excluded.expires_at,
            taken_at = case when conversation_locks.operator_id = excluded.operator_id
              and conversation_locks.expires_at > now() then conversation_locks.taken_at else excluded.taken_at end
          where conversation_locks.expires_at <= now() or conversation_locks.operator_id = excluded.operator_id
        returning expires_at, extract(epoch from (expires_at - now()))::float8 as seconds_left`,
    );
    if (!row) return null;
    await writeAudit(tx, {
      actorId: operator.id,
      action: "operator.lock_taken",
      targetUserId: target.member.id,
      metadata: { conversation: uuid, profile: target.profile.uuid },
      ip,
    });
    await recordQueueChanges(context, tx, [conversationId]);
    return row;
  });
  if (taken) context.realtimeEvents.kick();
  if (!taken) {
    // Nothing written: the profile was assigned to others meanwhile, someone else holds it, or the caller holds two.
    await operatorPolicy.assertMayAnswer(db, operator, target.profile.id);
    const holder = await currentLock(db, conversationId);
    if (holder && holder.operatorId !== operator.id) {
      throw new AppError("conflict", operatorMessages.lockTaken, {
        details: { locked_by: holder.operatorUsername, expires_at: holder.expiresAt.toISOString() },
      });
    }
    throw new AppError("conflict", operatorMessages.tooManyLocks, { details: { max_locks: OPERATOR_MAX_LOCKS } });
  }
  return presentLock(
    {
      conversationUuid: uuid,
      operatorId: operator.id,
      operatorUuid: operator.uuid,
      operatorUsername: operator.username,
      expiresAt: new Date(taken.expires_at),
      secondsLeft: Number(taken.seconds_left),
    },
    operator.id,
  );
}

/** Another 6 minutes from now, while the operator types; only the holder of a live lock can renew it. */
export async function renewLock(context: AppContext, operator: SessionUser, uuid: string, ip: string) {
  const { db } = context.database;
  const target = await operatorPolicy.fictionalConversationOrNotFound(db, uuid);
  await operatorPolicy.assertMayAnswer(db, operator, target.profile.id);
  const renewed = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ expires_at: Date | string; seconds_left: unknown }>(
      tx,
      sql`update conversation_locks set expires_at = now() + make_interval(secs => ${OPERATOR_LOCK_SECONDS})
        where conversation_id = ${target.conversation.id} and operator_id = ${operator.id} and expires_at > now()
        returning expires_at, extract(epoch from (expires_at - now()))::float8 as seconds_left`,
    );
    if (!row) return null;
    await writeAudit(tx, {
      actorId: operator.id,
      action: "operator.lock_renewed",
      targetUserId: target.member.id,
      metadata: { conversation: uuid },
      ip,
    });
    await recordQueueChanges(context, tx, [target.conversation.id]);
    return row;
  });
  if (renewed) context.realtimeEvents.kick();
  if (!renewed) throw new AppError("conflict", operatorMessages.lockRequired);
  return presentLock(
    {
      conversationUuid: uuid,
      operatorId: operator.id,
      operatorUuid: operator.uuid,
      operatorUsername: operator.username,
      expiresAt: new Date(renewed.expires_at),
      secondsLeft: Number(renewed.seconds_left),
    },
    operator.id,
  );
}

/**
 * Hands a conversation back. An operator releases their own lock; an admin
 * may release anyone's (an operator who left for the day). Releasing a lock
 * that has already ended is not an error: the conversation is free either way.
 */
export async function releaseLock(context: AppContext, staff: SessionUser, uuid: string, ip: string) {
  const { db } = context.database;
  const target = await operatorPolicy.fictionalConversationOrNotFound(db, uuid);
  const admin = operatorPolicy.isAdmin(staff);
  const released = await db.transaction(async (tx) => {
    const [lock] = await queryRows<{ operator_id: unknown; expires_at: Date | string; live: boolean }>(
      tx,
      sql`select operator_id, expires_at, expires_at > now() as live from conversation_locks
        where conversation_id = ${target.conversation.id} for update`,
    );
    if (!lock) return { released: false };
    const holderId = Number(lock.operator_id);
    if (lock.live && holderId !== staff.id && !admin) throw new AppError("forbidden", operatorMessages.lockNotHeld);
    await tx.execute(sql`delete from conversation_locks where conversation_id = ${target.conversation.id}`);
    if (!lock.live) return { released: false };
    await writeAudit(tx, {
      actorId: staff.id,
      action: holderId === staff.id ? "operator.lock_released" : "operator.lock_unlocked",
      targetUserId: target.member.id,
      metadata: { conversation: uuid, ...(holderId === staff.id ? {} : { holder_id: holderId }) },
      ip,
    });
    await recordQueueChanges(context, tx, [target.conversation.id]);
    return { released: true };
  });
  if (released.released) context.realtimeEvents.kick();
  return released;
}

import {
  type TAdminTrigger,
  type TAdminTriggerDelivery,
  triggerMessages,
  type ZAdminTriggerRequestSchema,
} from "@velvet/shared/api/admin-triggers";
import type { z } from "@velvet/shared/validation/z";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { triggerDeliveries, triggers } from "../../platform/db/schema/triggers";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

/*
 * Admins define triggers; the trigger job (trigger-job.ts) sends them. Every
 * change is audited in its own transaction. Deleting a trigger keeps its
 * deliveries (their trigger becomes null), so the daily cap still counts them.
 */

type TriggerRow = typeof triggers.$inferSelect;
type TriggerInput = z.output<typeof ZAdminTriggerRequestSchema>;
type Party = { uuid: string; username: string };

interface DeliveryCounts {
  total: number;
  last24Hours: number;
  lastSentAt: Date | null;
}

function presentTrigger(row: TriggerRow, profile: Party | null, counts: DeliveryCounts): TAdminTrigger {
  return {
    id: row.id,
    name: row.name,
    event: row.event as TAdminTrigger["event"],
    delay_minutes: row.delayMinutes,
    text: row.text,
    profile,
    max_per_member: row.maxPerMember,
    active: row.active,
    deliveries: {
      total: counts.total,
      last_24_hours: counts.last24Hours,
      last_sent_at: counts.lastSentAt ? counts.lastSentAt.toISOString() : null,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const NO_DELIVERIES: DeliveryCounts = { total: 0, last24Hours: 0, lastSentAt: null };
const profile = alias(users, "profile");

/** Every trigger with its delivery counts, in one statement; active ones first, then by name. */
export async function listTriggers(context: AppContext): Promise<TAdminTrigger[]> {
  const counts = context.database.db
    .select({
      triggerId: triggerDeliveries.triggerId,
      total: sql<number>`count(*)::int`.as("total"),
      last24Hours:
        sql<number>`(count(*) filter (where ${triggerDeliveries.sentAt} > now() - interval '24 hours'))::int`.as(
          "last_24_hours",
        ),
      lastSentAt: sql<Date | string | null>`max(${triggerDeliveries.sentAt})`.as("last_sent_at"),
    })
    .from(triggerDeliveries)
    .groupBy(triggerDeliveries.triggerId)
    .as("counts");
  const rows = await context.database.db
    .select({
      trigger: triggers,
      profileUuid: profile.uuid,
      profileUsername: profile.username,
      total: counts.total,
      last24Hours: counts.last24Hours,
      lastSentAt: counts.lastSentAt,
    })
    .from(triggers)
    .leftJoin(profile, eq(profile.id, triggers.profileId))
    .leftJoin(counts, eq(counts.triggerId, triggers.id))
    .orderBy(desc(triggers.active), asc(triggers.name), asc(triggers.id));
  return rows.map((row) =>
    presentTrigger(row.trigger, partyOf(row.profileUuid, row.profileUsername), {
      total: Number(row.total ?? 0),
      last24Hours: Number(row.last24Hours ?? 0),
      lastSentAt: row.lastSentAt ? new Date(row.lastSentAt) : null,
    }),
  );
}

function partyOf(uuid: string | null, username: string | null): Party | null {
  return uuid && username ? { uuid, username } : null;
}

/** A trigger's sender must be a fictional profile (422 on the field otherwise). */
async function resolveProfile(db: Db, profileUuid: string | null): Promise<(Party & { id: number }) | null> {
  if (!profileUuid) return null;
  const [row] = await db
    .select({ id: users.id, uuid: users.uuid, username: users.username })
    .from(users)
    .where(and(eq(users.uuid, profileUuid), eq(users.isFictional, true), sql`${users.deletedAt} is null`));
  if (!row) throw AppError.field("profile_uuid", triggerMessages.notFictional);
  return row;
}

function columnsOf(body: TriggerInput, profileId: number | null) {
  return {
    name: body.name,
    event: body.event,
    delayMinutes: body.delay_minutes,
    text: body.text,
    profileId,
    maxPerMember: body.max_per_member,
    active: body.active,
  };
}

/** What the audit row keeps of a trigger: enough to see what it said and did at the time. */
function auditedFields(row: TriggerRow) {
  return {
    trigger_id: row.id,
    name: row.name,
    event: row.event,
    delay_minutes: row.delayMinutes,
    text: row.text,
    profile_id: row.profileId,
    max_per_member: row.maxPerMember,
    active: row.active,
  };
}

export async function createTrigger(context: AppContext, admin: SessionUser, body: TriggerInput, ip: string) {
  const { db } = context.database;
  const sender = await resolveProfile(db, body.profile_uuid);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(triggers)
      .values(columnsOf(body, sender?.id ?? null))
      .returning();
    if (!created) throw new AppError("internal");
    await writeAudit(tx, { actorId: admin.id, action: "trigger.created", metadata: auditedFields(created), ip });
    return created;
  });
  return presentTrigger(row, sender && { uuid: sender.uuid, username: sender.username }, NO_DELIVERIES);
}

export async function updateTrigger(
  context: AppContext,
  admin: SessionUser,
  id: number,
  body: TriggerInput,
  ip: string,
) {
  const { db } = context.database;
  const sender = await resolveProfile(db, body.profile_uuid);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(triggers).where(eq(triggers.id, id)).for("update");
    if (!before) throw new AppError("not_found");
    const [updated] = await tx
      .update(triggers)
      .set({ ...columnsOf(body, sender?.id ?? null), updatedAt: new Date() })
      .where(eq(triggers.id, id))
      .returning();
    if (!updated) throw new AppError("not_found");
    await writeAudit(tx, {
      actorId: admin.id,
      action: "trigger.updated",
      metadata: { ...auditedFields(updated), before: auditedFields(before) },
      ip,
    });
  });
  const presented = (await listTriggers(context)).find((trigger) => trigger.id === id);
  if (!presented) throw new AppError("not_found");
  return presented;
}

export async function deleteTrigger(context: AppContext, admin: SessionUser, id: number, ip: string) {
  await context.database.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(triggers).where(eq(triggers.id, id)).returning();
    if (!deleted) throw new AppError("not_found");
    await writeAudit(tx, { actorId: admin.id, action: "trigger.deleted", metadata: auditedFields(deleted), ip });
  });
}

const member = alias(users, "member");

/** The latest 50 deliveries of one trigger, newest first; 404 for a trigger that does not exist. */
export async function listDeliveries(context: AppContext, id: number): Promise<TAdminTriggerDelivery[]> {
  const { db } = context.database;
  const [exists] = await db.select({ id: triggers.id }).from(triggers).where(eq(triggers.id, id));
  if (!exists) throw new AppError("not_found");
  const rows = await db
    .select({
      id: triggerDeliveries.id,
      memberUuid: member.uuid,
      memberUsername: member.username,
      profileUuid: profile.uuid,
      profileUsername: profile.username,
      sentAt: triggerDeliveries.sentAt,
    })
    .from(triggerDeliveries)
    .innerJoin(member, eq(member.id, triggerDeliveries.memberId))
    .leftJoin(profile, eq(profile.id, triggerDeliveries.profileId))
    .where(eq(triggerDeliveries.triggerId, id))
    .orderBy(desc(triggerDeliveries.sentAt), desc(triggerDeliveries.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    member: { uuid: row.memberUuid, username: row.memberUsername },
    profile: partyOf(row.profileUuid, row.profileUsername),
    sent_at: row.sentAt.toISOString(),
  }));
}

import { randomUUID } from "node:crypto";
import { fillTriggerText } from "@velvet/shared/api/admin-triggers";
import { asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { type Db, queryRows } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { triggerDeliveries, triggers } from "../../platform/db/schema/triggers";
import type { SessionUser, UserRow } from "../../platform/members/types";
import { appendMessage, openConversation } from "../conversations";
import { siteHour } from "../profiles";
import { type DueTrigger, dueMemberSql, namedProfileSql, occurrenceColumn, randomProfileSql } from "./policy";

/** Members looked at per trigger and pass; the rest wait for the next pass. */
const MEMBERS_PER_PASS = 200;

type TriggerRow = typeof triggers.$inferSelect;

/** The scheduled job kind that runs a pass every TRIGGER_INTERVAL_SECONDS (background-jobs.ts registers it). */
export const TRIGGER_JOB = "triggers.pass";

/**
 * Sends trigger messages: every pass, for each active trigger, the members
 * whose moment has come get the message from a fictional profile, through
 * the same writer as every message (real time after commit, a notification,
 * the unread count), free of charge. Safe with several processes running it
 * at once: each member is handled in a transaction that first locks their
 * row (`for no key update skip locked`: a member another process is writing
 * to is left to it), re-checks every rule and limit in the claim itself, and
 * the claim's unique (trigger, member, occurrence) stops a second send for
 * the same occurrence whatever happens.
 */
export class TriggerJob {
  constructor(private readonly context: AppContext) {}

  /** One pass as of `now`; answers how many trigger messages went out. */
  async runOnce(now = new Date()): Promise<number> {
    const { db } = this.context.database;
    const active = await db.select().from(triggers).where(eq(triggers.active, true)).orderBy(asc(triggers.id));
    let sent = 0;
    for (const trigger of active) {
      const { dailyLimitPerMember } = this.context.config.triggers;
      const due = await queryRows<{ id: number | string }>(
        db,
        sql`select u.id from users u where ${dueMemberSql(trigger, now, dailyLimitPerMember)}
          order by ${occurrenceColumn(trigger)}, u.id limit ${MEMBERS_PER_PASS}`,
      );
      for (const row of due) {
        try {
          if (await this.deliver(trigger, Number(row.id), now)) sent += 1;
        } catch (error) {
          this.context.logger.warn({ err: error, trigger: trigger.id }, "trigger message not sent");
        }
      }
    }
    return sent;
  }

  /** One member, one transaction; false when another process has them, a rule now says no, or no profile fits. */
  private async deliver(trigger: TriggerRow, memberId: number, now: Date): Promise<boolean> {
    const sent = await this.context.database.db.transaction(async (tx) => {
      const [member] = await tx
        .select()
        .from(users)
        .where(eq(users.id, memberId))
        .for("no key update", { skipLocked: true });
      if (!member) return false;
      const profile = await this.chooseProfile(tx, trigger, member, now);
      if (!profile) return false;
      const delivery = await claim(tx, trigger, member.id, profile.id, now, this.context.config.triggers);
      if (delivery === undefined) return false;
      const conversation = await openConversation(tx, profile.id, member.id);
      const written = await appendMessage(this.context, tx, {
        sender: profile,
        partner: member,
        conversationId: conversation.id,
        conversationUuid: conversation.uuid,
        type: "trigger",
        text: fillTriggerText(trigger.text, { member: member.username, profile: profile.username, city: member.city }),
        imageId: null,
        clientId: randomUUID(),
        chargeable: false,
        notifyRecipient: true,
        operatorId: null,
      });
      await tx
        .update(triggerDeliveries)
        .set({ messageId: written.messageId })
        .where(eq(triggerDeliveries.id, delivery));
      return true;
    });
    if (sent) this.context.realtimeEvents.kick();
    return sent;
  }

  private async chooseProfile(
    tx: Db,
    trigger: TriggerRow,
    member: SessionUser,
    now: Date,
  ): Promise<UserRow | undefined> {
    if (trigger.profileId !== null) {
      const [named] = await tx.select().from(users).where(namedProfileSql(member.id, trigger.profileId));
      return named;
    }
    const [picked] = await tx
      .select()
      .from(users)
      .where(randomProfileSql(member, now, siteHour(this.context.config.siteTimezone, now)))
      .orderBy(sql`random()`)
      .limit(1);
    return picked;
  }
}

/**
 * The delivery row, inserted only if the member still qualifies: every rule
 * and limit checked again in the insert, under the member's row lock, and the
 * occurrence copied from the member's row by the database (a JavaScript Date
 * would lose its microseconds and never match it again).
 */
async function claim(
  tx: Db,
  trigger: DueTrigger,
  memberId: number,
  profileId: number,
  now: Date,
  limits: { dailyLimitPerMember: number },
): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number | string }>(
    tx,
    sql`insert into trigger_deliveries (trigger_id, member_id, profile_id, occurrence_at, sent_at)
      select ${trigger.id}, u.id, ${profileId}, ${occurrenceColumn(trigger)}, ${now.toISOString()}::timestamptz
      from users u where u.id = ${memberId} and ${dueMemberSql(trigger, now, limits.dailyLimitPerMember)}
      on conflict do nothing
      returning id`,
  );
  return row ? Number(row.id) : undefined;
}

import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { recordRealtimeEvent } from "../realtime";

type PaymentEntitlement = { kind: string; durationHours: number | null };
type Member = { id: number; uuid: string };

/**
 * A pass or VIP membership bought: it runs from now, or from the end of the
 * one already running, so buying twice never loses time. Starting a pass
 * tells the member's tabs on the duration channel (the navbar shows '24h').
 */
export async function grantEntitlement(tx: Db, member: Member, payment: PaymentEntitlement, announce: boolean) {
  if (!payment.durationHours) return;
  const hours = payment.durationHours;
  if (payment.kind === "pass") {
    const [row] = await tx
      .update(users)
      .set({
        unlimitedUntil: sql`greatest(coalesce(${users.unlimitedUntil}, now()), now()) + make_interval(hours => ${hours})`,
      })
      .where(eq(users.id, member.id))
      .returning({ until: users.unlimitedUntil });
    if (announce && row?.until) {
      await recordRealtimeEvent(
        tx,
        realtimeChannels.duration(member.uuid),
        realtimeEvents.passStarted,
        {
          expires_at: row.until.toISOString(),
        },
        [member.id],
      );
    }
  } else if (payment.kind === "vip") {
    await tx
      .update(users)
      .set({ vipUntil: sql`greatest(coalesce(${users.vipUntil}, now()), now()) + make_interval(hours => ${hours})` })
      .where(eq(users.id, member.id));
  }
}

/**
 * A refunded pass or membership is taken back: its time comes off the end.
 * If that ends a pass now, the tabs are told at once (PassEnded).
 */
export async function revokeEntitlement(tx: Db, member: Member, payment: PaymentEntitlement, announce: boolean) {
  if (!payment.durationHours) return;
  const hours = payment.durationHours;
  if (payment.kind === "pass") {
    const [row] = await tx
      .update(users)
      .set({
        unlimitedUntil: sql`greatest(now(), ${users.unlimitedUntil} - make_interval(hours => ${hours}))`,
      })
      // A pass that already ran out has nothing left to take.
      .where(and(eq(users.id, member.id), gt(users.unlimitedUntil, sql`now()`)))
      .returning({ until: users.unlimitedUntil, now: sql<Date>`now()` });
    if (row?.until && row.until.getTime() <= new Date(row.now).getTime()) {
      // Announced here, so the expiry watcher has nothing left to say about it.
      await tx.update(users).set({ unlimitedEndAnnounced: row.until }).where(eq(users.id, member.id));
      if (announce) {
        await recordRealtimeEvent(
          tx,
          realtimeChannels.duration(member.uuid),
          realtimeEvents.passEnded,
          {
            ended_at: row.until.toISOString(),
          },
          [member.id],
        );
      }
    }
  } else if (payment.kind === "vip") {
    await tx
      .update(users)
      .set({ vipUntil: sql`greatest(now(), ${users.vipUntil} - make_interval(hours => ${hours}))` })
      .where(and(eq(users.id, member.id), gt(users.vipUntil, sql`now()`)));
  }
}

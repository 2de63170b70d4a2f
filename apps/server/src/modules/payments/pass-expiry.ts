import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, isNotNull, lte, min, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { recordRealtimeEvent } from "../realtime";

/** The scheduled job kind that runs a scan, at least this often (background-jobs.ts registers it). */
export const PASS_EXPIRY_JOB = "payments.pass_expiry";
export const SCAN_EVERY_MS = 15_000;

/**
 * Announces the end of 24-hour passes (PassEnded on the duration channel), so
 * the navbar flips from '24h' back to the balance without a reload. The claim
 * (unlimited_end_announced := unlimited_until) and the outbox row are one
 * transaction, so several processes never announce one end twice. After
 * each scan its schedule is brought forward to the next known end (see
 * `nextEnd`), so the flip is on time (within the jobs worker's poll).
 */
export class PassExpiryWatcher {
  constructor(private readonly context: AppContext) {}

  /** Announces every pass that has ended; answers how many. */
  async runOnce(): Promise<number> {
    const { db } = this.context.database;
    const ended = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ unlimitedEndAnnounced: users.unlimitedUntil })
        .where(
          and(
            isNotNull(users.unlimitedUntil),
            lte(users.unlimitedUntil, sql`now()`),
            sql`${users.unlimitedUntil} is distinct from ${users.unlimitedEndAnnounced}`,
          ),
        )
        .returning({ id: users.id, uuid: users.uuid, endedAt: users.unlimitedUntil });
      for (const row of rows) {
        await recordRealtimeEvent(
          tx,
          realtimeChannels.duration(row.uuid),
          realtimeEvents.passEnded,
          {
            ended_at: (row.endedAt ?? new Date()).toISOString(),
          },
          [row.id],
        );
      }
      return rows.length;
    });
    if (ended > 0) this.context.realtimeEvents.kick();
    return ended;
  }

  /** The soonest pass end not yet announced, if any. */
  async nextEnd(): Promise<Date | null> {
    const [row] = await this.context.database.db
      .select({ next: min(users.unlimitedUntil) })
      .from(users)
      .where(sql`${users.unlimitedUntil} is distinct from ${users.unlimitedEndAnnounced}`);
    return row?.next ?? null;
  }
}

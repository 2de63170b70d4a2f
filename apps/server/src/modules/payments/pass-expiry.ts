import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { and, isNotNull, lte, min, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema";
import { recordRealtimeEvent } from "../realtime/outbox";

const SCAN_EVERY_MS = 15_000;

/**
 * Announces the end of 24-hour passes (PassEnded on the duration channel), so
 * the navbar flips from '24h' back to the balance without a reload. The claim
 * (unlimited_end_announced := unlimited_until) and the outbox row are one
 * transaction, so several processes never announce one end twice. Between
 * scans it sleeps until the next known end, so the flip is on time.
 */
export class PassExpiryWatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly context: AppContext) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

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
        .returning({ uuid: users.uuid, endedAt: users.unlimitedUntil });
      for (const row of rows) {
        await recordRealtimeEvent(tx, realtimeChannels.duration(row.uuid), realtimeEvents.passEnded, {
          ended_at: (row.endedAt ?? new Date()).toISOString(),
        });
      }
      return rows.length;
    });
    if (ended > 0) this.context.realtimeEvents.kick();
    return ended;
  }

  private async nextEnd(): Promise<Date | null> {
    const [row] = await this.context.database.db
      .select({ next: min(users.unlimitedUntil) })
      .from(users)
      .where(sql`${users.unlimitedUntil} is distinct from ${users.unlimitedEndAnnounced}`);
    return row?.next ?? null;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let delay = SCAN_EVERY_MS;
    try {
      await this.runOnce();
      const next = await this.nextEnd();
      if (next) delay = Math.max(50, Math.min(SCAN_EVERY_MS, next.getTime() - Date.now() + 50));
    } catch (error) {
      this.context.logger.warn({ err: error }, "pass expiry scan failed");
    }
    this.schedule(delay);
  }
}

import type { RealtimeEventPayloads } from "@velvet/shared/realtime/events";
import { and, asc, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { realtimeOutbox } from "../../platform/db/schema";
import type { Logger } from "../../platform/logging/logger";
import type { Broadcaster } from "./broadcaster";

/**
 * Records an event inside the caller's transaction. Nothing is sent now: if the
 * transaction rolls back, nobody hears of it; once it commits, the dispatcher
 * delivers it (call `dispatcher.kick()` after commit for immediate delivery).
 */
export async function recordRealtimeEvent<E extends keyof RealtimeEventPayloads>(
  tx: Db,
  channel: string,
  event: E,
  payload: RealtimeEventPayloads[E],
): Promise<void> {
  await tx.insert(realtimeOutbox).values({ channel, event, payload });
}

const BATCH = 100;
const POLL_MS = 2_000;
const KEEP_DELIVERED_MS = 24 * 3600_000;

/** Delivers committed outbox rows in order; several processes share the work without sending a row twice. */
export class OutboxDispatcher {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly broadcaster: Broadcaster,
    private readonly logger: Logger,
  ) {}

  /** Delivers what is pending at start (a crash after commit loses nothing), then polls as a safety net. */
  async start(): Promise<void> {
    await this.flush();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    return this.running ?? Promise.resolve();
  }

  /** Asks for a delivery round soon; rounds never overlap. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.flush()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.warn({ err: error }, "real-time outbox delivery failed"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** One or more delivery rounds until nothing is pending; returns how many events went out. */
  async flush(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const sent = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(realtimeOutbox)
          .where(isNull(realtimeOutbox.deliveredAt))
          .orderBy(asc(realtimeOutbox.id))
          .limit(BATCH)
          .for("update", { skipLocked: true });
        for (const row of rows) await this.broadcaster.publish(row.channel, row.event, JSON.stringify(row.payload));
        if (rows.length > 0) {
          await tx
            .update(realtimeOutbox)
            .set({ deliveredAt: new Date() })
            .where(
              inArray(
                realtimeOutbox.id,
                rows.map((row) => row.id),
              ),
            );
        }
        return rows.length;
      });
      delivered += sent;
      if (sent < BATCH) break;
    }
    await this.db
      .delete(realtimeOutbox)
      .where(
        and(
          isNotNull(realtimeOutbox.deliveredAt),
          lt(realtimeOutbox.deliveredAt, new Date(Date.now() - KEEP_DELIVERED_MS)),
        ),
      );
    return delivered;
  }
}

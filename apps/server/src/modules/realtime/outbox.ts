import type { RealtimeEventPayloads } from "@velvet/shared/realtime/events";
import { and, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { NAMED_BY_TEXT } from "../../platform/db/statement-names";
import type { Logger } from "../../platform/logging/logger";
import type { Broadcaster } from "./broadcaster";

type OutboxRow = typeof realtimeOutbox.$inferInsert;

/** The events recorded so far in a transaction that writes them together (recordingEventsTogether). */
const heldByTransaction = new WeakMap<Db, OutboxRow[]>();

/**
 * Records an event inside the caller's transaction. Nothing is sent now: if the
 * transaction rolls back, nobody hears of it; once it commits, the dispatcher
 * delivers it (call `dispatcher.kick()` after commit for immediate delivery).
 * Inside `recordingEventsTogether` the row is written with the others at its end.
 *
 * `memberIds`: every member the event is addressed to or names (the channel's owner, a message's sender, a
 * reader). Required, so no event forgets it: deleting an account deletes the events of its id, never by
 * searching payloads' text (a substring of one address can be part of another's).
 */
export async function recordRealtimeEvent<E extends keyof RealtimeEventPayloads>(
  tx: Db,
  channel: string,
  event: E,
  payload: RealtimeEventPayloads[E],
  memberIds: readonly number[],
): Promise<void> {
  const row: OutboxRow = { channel, event, payload, userIds: [...new Set(memberIds)] };
  const held = heldByTransaction.get(tx);
  if (held) {
    held.push(row);
    return;
  }
  await tx.insert(realtimeOutbox).values(row);
}

/**
 * Runs `work` in the caller's transaction and writes every event it records (through recordRealtimeEvent, from
 * whichever module) as one insert when it is done, in the order recorded, still before the transaction commits.
 * Sending a message records four or five events from four modules: one statement instead of one each. An error
 * in `work` writes nothing (its transaction rolls back anyway); inside another such call, the outer one writes.
 */
export async function recordingEventsTogether<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  if (heldByTransaction.has(tx)) return work();
  const held: OutboxRow[] = [];
  heldByTransaction.set(tx, held);
  try {
    const result = await work();
    // Named after its text (one per number of rows): planned once per connection.
    if (held.length > 0) await tx.insert(realtimeOutbox).values(held).prepare(NAMED_BY_TEXT).execute();
    return result;
  } finally {
    heldByTransaction.delete(tx);
  }
}

const BATCH = 100;
export const KEEP_DELIVERED_MS = 24 * 3600_000;
/**
 * Delivered rows are pruned by a scheduled job this often (background-jobs.ts registers it), never per delivery
 * round: under load rounds run back to back, and the prune reads every delivered row of the last day (no index
 * serves it; one is not worth its upkeep on every delivery for a statement that runs once a minute).
 */
export const OUTBOX_PRUNE_JOB = "realtime.outbox_prune";
export const OUTBOX_PRUNE_EVERY_MS = 60_000;

/** Delivers committed outbox rows in order; several processes share the work without sending a row twice. */
export class OutboxDispatcher {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly broadcaster: Broadcaster,
    private readonly logger: Logger,
  ) {}

  /**
   * Delivers what is pending at start (a crash after commit loses nothing). The safety-net poll after that is a
   * `kick()` on the jobs worker's poll timer (background-jobs.ts), not a timer of its own.
   */
  async start(): Promise<void> {
    // A dispatcher stopped and started again (a test holding delivery up) delivers again.
    this.stopped = false;
    await this.flush();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.running ?? Promise.resolve();
  }

  /** Asks for a delivery round soon; rounds never overlap. */
  kick(): void {
    if (this.stopped) return;
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

  /**
   * One or more delivery rounds until nothing is pending, or until `stop()`: a stopping process finishes the round
   * it is in and leaves the rest to the next round of any process (or to its own next start), so a shutdown under
   * a backlog takes one round, not the backlog. Returns how many events went out.
   */
  async flush(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const sent = await this.db.transaction(async (tx) => {
        // Marked delivered and read in one statement; if publishing fails below, the transaction rolls the mark
        // back and the rows stay pending for the next round. Rows another process holds are skipped.
        const rows = await tx
          .update(realtimeOutbox)
          .set({ deliveredAt: sql`now()` })
          .where(
            sql`${realtimeOutbox.id} in (select ${realtimeOutbox.id} from ${realtimeOutbox}
              where ${realtimeOutbox.deliveredAt} is null order by ${realtimeOutbox.id}
              limit ${sql.placeholder("batch")} for update skip locked)`,
          )
          // The payload as the text it is published as: parsing the JSON only to serialise it again was work for
          // nothing on each of the four or five events of every message.
          .returning({
            id: realtimeOutbox.id,
            channel: realtimeOutbox.channel,
            event: realtimeOutbox.event,
            payload: sql<string>`${realtimeOutbox.payload}::text`,
          })
          .prepare("outbox_take_pending")
          .execute({ batch: BATCH });
        rows.sort((a, b) => a.id - b.id);
        for (const row of rows) await this.broadcaster.publish(row.channel, row.event, row.payload);
        return rows.length;
      });
      delivered += sent;
      if (sent < BATCH || this.stopped) break;
    }
    return delivered;
  }

  /** Deletes rows delivered more than a day ago (kept that long for looking into a delivery); answers how many. */
  async pruneDelivered(now = new Date()): Promise<number> {
    const deleted = await this.db
      .delete(realtimeOutbox)
      .where(
        and(
          isNotNull(realtimeOutbox.deliveredAt),
          lt(realtimeOutbox.deliveredAt, new Date(now.getTime() - KEEP_DELIVERED_MS)),
        ),
      )
      .returning({ id: realtimeOutbox.id });
    return deleted.length;
  }
}

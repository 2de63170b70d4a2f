import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs } from "../db/schema/jobs";
import type { Logger } from "../logging/logger";
import type { JobHandler } from "./queue";
import {
  DEFAULT_SCHEDULED_MAX_ATTEMPTS,
  enqueueDueOccurrences,
  type JobSchedule,
  runScheduleBy,
  type ScheduledKind,
  syncSchedules,
  validateSchedule,
} from "./schedules";

export interface JobWorkerOptions {
  /** How often an idle worker looks for due jobs that another process enqueued (its own enqueues kick it). */
  pollMs: number;
  /**
   * How long a claim lasts. A process that dies mid-job lets the job go when its claim runs out; a job must
   * finish well inside it (the mailer's SMTP timeouts add up to a few minutes at most), or another process
   * could claim it while it still runs.
   */
  leaseMs: number;
  /** The first retry waits this long, each further one twice as long, up to `retryMaxMs` (plus up to 25 % jitter). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Jobs one process runs at the same time. */
  concurrency: number;
  /** The site's time zone, for schedules "daily at HH:MM". */
  timeZone: string;
}

export const DEFAULT_JOB_WORKER_OPTIONS: JobWorkerOptions = {
  pollMs: 1_000,
  leaseMs: 10 * 60_000,
  retryBaseMs: 5_000,
  retryMaxMs: 3600_000,
  concurrency: 4,
  timeZone: "UTC",
};

/** Finished jobs are kept this long to look into a delivery, then deleted (their payloads name addresses). */
export const KEEP_COMPLETED_MS = 7 * 24 * 3600_000;
export const KEEP_FAILED_MS = 30 * 24 * 3600_000;
/** A scheduled pass's completed occurrence holds nothing to look into; a day of them shows it runs. */
export const KEEP_COMPLETED_SCHEDULED_MS = 24 * 3600_000;
export const PRUNE_JOB = "jobs.prune";

type ClaimedJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  userId: number | null;
};

/**
 * Runs the durable jobs queue in this process. A job is claimed in one statement (FOR UPDATE SKIP LOCKED, so
 * two processes never take the same row) with a lease in `locked_until`; the handler runs outside any
 * transaction; success sets `completed_at` at once, before anyone else could claim it again. A failure records
 * `last_error` and reschedules with capped exponential backoff until `max_attempts`, then sets `failed_at`.
 * The one window for a second run is a process dying between a handler's success and that mark: its lease
 * runs out and another process runs the job again (at least once at that edge, never twice otherwise).
 */
export class JobWorker {
  private readonly handlers = new Map<string, { run: JobHandler; retryBaseMs?: number }>();
  private readonly schedules = new Map<string, ScheduledKind>();
  private readonly pollHooks: Array<() => void> = [];
  private schedulesSynced = false;
  private schedulesCheckedAt = 0;
  private readonly options: JobWorkerOptions;
  private readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`.slice(0, 100);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    options: Partial<JobWorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_JOB_WORKER_OPTIONS, ...options };
    this.schedule(PRUNE_JOB, { everyMs: 3600_000 }, async () => {
      await this.pruneFinished();
    });
  }

  /**
   * Registers what a kind does. Only registered kinds are claimed, so a process never takes a job it cannot run.
   * `retryBaseMs` replaces the worker's first retry delay for this kind (backoff still doubles up to `retryMaxMs`).
   */
  handle(kind: string, handler: JobHandler, options: { retryBaseMs?: number } = {}): this {
    this.handlers.set(kind, { run: handler, ...options });
    return this;
  }

  /**
   * Registers a scheduled kind: each due occurrence is enqueued once across all processes (see schedules.ts) as a
   * job of this kind, then claimed, run and retried like any job. Register before `start()`.
   */
  schedule(kind: string, schedule: JobSchedule, handler: JobHandler, options: { maxAttempts?: number } = {}): this {
    validateSchedule(kind, schedule);
    this.schedules.set(kind, { schedule, maxAttempts: options.maxAttempts ?? DEFAULT_SCHEDULED_MAX_ATTEMPTS });
    this.schedulesSynced = false;
    return this.handle(kind, handler);
  }

  /** Brings a scheduled kind's next run forward to `at` if sooner (for a pass that knows when its next work is due). */
  runScheduleBy(kind: string, at: Date): Promise<void> {
    return runScheduleBy(this.db, kind, at);
  }

  /**
   * Something this process does on every poll, such as the real-time outbox's delivery safety net: per-process
   * work that must not be claimed by one process for all, riding on the one timer instead of a loop of its own.
   */
  onPoll(hook: () => void): this {
    this.pollHooks.push(hook);
    return this;
  }

  /** Runs what is already due (a restart loses nothing), then polls: the one background timer of the process. */
  start(): void {
    this.kick();
    this.timer = setInterval(() => {
      this.kick();
      for (const hook of this.pollHooks) hook();
    }, this.options.pollMs);
    this.timer.unref();
  }

  /**
   * Test-facing: one round now (due schedules enqueued, due jobs run), resolved once it and any round already
   * running are over.
   */
  async runDue(): Promise<void> {
    while (this.running) await this.running;
    this.schedulesCheckedAt = 0;
    this.kick();
    while (this.running) await this.running;
  }

  /** Stops claiming and waits for the jobs in hand, so each is marked done before the database closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Asks for a round soon (after a commit that enqueued something); rounds never overlap. */
  kick(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn({ err: error }, "job round failed"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Claims and runs due jobs, up to `concurrency` at a time, until none is due. */
  private async drain(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    try {
      if (!this.schedulesSynced) {
        await syncSchedules(this.db, this.schedules, this.options.timeZone);
        this.schedulesSynced = true;
      }
      while (!this.stopping) {
        // About once per poll, not on every kick (a kick after each queued mail need not look again), and also
        // inside a long round, so a busy queue does not hold the schedules back.
        if (Date.now() - this.schedulesCheckedAt >= this.options.pollMs / 2) {
          this.schedulesCheckedAt = Date.now();
          await enqueueDueOccurrences(this.db, this.schedules, this.options.timeZone);
        }
        if (inFlight.size >= this.options.concurrency) {
          await Promise.race(inFlight);
          continue;
        }
        const job = await this.claimNext();
        if (!job) break;
        const run = this.run(job).finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
    } finally {
      // Even when a claim fails (database gone), the jobs in hand finish and are marked before the round ends.
      await Promise.allSettled(inFlight);
    }
  }

  private async claimNext(): Promise<ClaimedJob | undefined> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return undefined;
    const [job] = await this.db
      .update(jobs)
      .set({
        lockedUntil: sql`now() + ${this.options.leaseMs} * interval '1 millisecond'`,
        lockedBy: this.id,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        sql`${jobs.id} = (select ${jobs.id} from ${jobs}
          where ${jobs.completedAt} is null and ${jobs.failedAt} is null and ${jobs.runAt} <= now()
            and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now()) and ${inArray(jobs.kind, kinds)}
          order by ${jobs.runAt}, ${jobs.id} limit 1 for update skip locked)`,
      )
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        payload: jobs.payload,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
        userId: jobs.userId,
      });
    return job;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler.run(job.payload, { id: job.id, attempts: job.attempts, userId: job.userId });
    } catch (error) {
      await this.recordFailure(job, error);
      return;
    }
    await this.db
      .update(jobs)
      .set({ completedAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(and(eq(jobs.id, job.id), isNull(jobs.completedAt)));
  }

  private async recordFailure(job: ClaimedJob, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const givingUp = job.attempts >= job.maxAttempts;
    const delayMs = this.retryDelayMs(job.attempts, this.handlers.get(job.kind)?.retryBaseMs);
    this.logger.warn(
      {
        job: job.id,
        kind: job.kind,
        attempt: job.attempts,
        error: message,
        ...(givingUp ? {} : { retryInMs: delayMs }),
      },
      givingUp ? "job failed for good" : "job failed, will retry",
    );
    await this.db
      .update(jobs)
      .set({
        lastError: message,
        lockedUntil: null,
        lockedBy: null,
        ...(givingUp ? { failedAt: sql`now()` } : { runAt: sql`now() + ${delayMs} * interval '1 millisecond'` }),
      })
      .where(eq(jobs.id, job.id));
  }

  /** Capped exponential backoff with jitter, so a queue that failed together does not retry in one burst. */
  private retryDelayMs(attempts: number, retryBaseMs = this.options.retryBaseMs): number {
    const { retryMaxMs } = this.options;
    const base = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
    return Math.round(base + Math.random() * base * 0.25);
  }

  /**
   * Deletes completed jobs after a week (a scheduled pass's after a day) and failed ones after a month; answers
   * how many. Runs hourly as the scheduled kind PRUNE_JOB.
   */
  async pruneFinished(now = new Date()): Promise<number> {
    const scheduled = [...this.schedules.keys()];
    const deleted = await this.db
      .delete(jobs)
      .where(
        or(
          and(isNotNull(jobs.completedAt), lt(jobs.completedAt, new Date(now.getTime() - KEEP_COMPLETED_MS))),
          and(
            isNotNull(jobs.completedAt),
            inArray(jobs.kind, scheduled),
            lt(jobs.completedAt, new Date(now.getTime() - KEEP_COMPLETED_SCHEDULED_MS)),
          ),
          and(isNotNull(jobs.failedAt), lt(jobs.failedAt, new Date(now.getTime() - KEEP_FAILED_MS))),
        ),
      )
      .returning({ id: jobs.id });
    return deleted.length;
  }
}

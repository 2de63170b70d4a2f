import type { Db } from "../db/client";
import { jobs } from "../db/schema/jobs";

export interface EnqueueOptions {
  /** Not before this moment (default: as soon as the transaction commits). */
  runAt?: Date;
  /** Attempts before the job is marked failed (default 25: with the default backoff, about a day). */
  maxAttempts?: number;
  /** The member the job is for or about (jobs.user_id): deleting their account deletes the job by it. */
  userId?: number | null;
}

/**
 * Records a job inside the caller's transaction: if the transaction rolls back the job never existed, and once it
 * commits a worker in any server process runs it. Call `context.jobs.kick()` after the commit so this process's
 * worker starts at once instead of at its next poll.
 */
export async function enqueueJob(
  tx: Db,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  await tx.insert(jobs).values({
    kind,
    payload,
    ...(options.runAt ? { runAt: options.runAt } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    ...(options.userId ? { userId: options.userId } : {}),
  });
}

/** What a job's kind does with its payload; a thrown error means "try again later". */
export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: number; attempts: number; userId: number | null },
) => Promise<void>;

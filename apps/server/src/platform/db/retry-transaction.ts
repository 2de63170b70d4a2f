/**
 * Runs a transaction again when PostgreSQL aborted it to break a deadlock
 * (40P01) or a serialization conflict (40001). Such an abort rolled everything
 * back, so the retry starts clean; callers keep their work idempotent anyway
 * (sending has its client_id). Other errors, and a third abort, go to the caller.
 */
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export async function retryingAbortedTransaction<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= ATTEMPTS || !state || !RETRYABLE_SQLSTATES.has(state)) throw error;
      // A short random pause, so the two transactions that collided do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

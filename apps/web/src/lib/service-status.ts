import { create } from "zustand";

/**
 * What a 503 means. Only the maintenance switch's answer says so in its body (`maintenance: true`) and
 * sends the visitor to /maintenance; any other 503 (the database dropped away, a process shutting down)
 * is a passing outage: the request is retried while a notice says so.
 */
export function unavailableKind(status: number, body: unknown): "maintenance" | "outage" | null {
  if (status !== 503) return null;
  const marked = typeof body === "object" && body !== null && (body as { maintenance?: unknown }).maintenance === true;
  return marked ? "maintenance" : "outage";
}

/** How many times a request is retried through an outage before its caller sees the 503. */
export const OUTAGE_RETRIES = 6;
const LONGEST_WAIT_MS = 15_000;

/**
 * The wait before retry `attempt` (0-based): the server's Retry-After when it gives one, else 1 s
 * doubling, never more than 15 s, so a short outage passes unnoticed and a long one is not hammered.
 */
export function outageRetryDelayMs(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  const wanted = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** attempt;
  return Math.min(wanted, LONGEST_WAIT_MS);
}

interface ServiceStatusState {
  /** Requests waiting to be retried through an outage right now; the notice shows while any are. */
  retrying: number;
  retryStarted(): void;
  retryEnded(): void;
}

export const useServiceStatus = create<ServiceStatusState>((set) => ({
  retrying: 0,
  retryStarted: () => set((state) => ({ retrying: state.retrying + 1 })),
  retryEnded: () => set((state) => ({ retrying: Math.max(0, state.retrying - 1) })),
}));

/** Waits `ms`, or rejects with the signal's AbortError when the caller gives up first. */
export function waitUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

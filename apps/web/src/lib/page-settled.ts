/**
 * When the first page a visit opens has settled: painted, its own requests answered, and the browser idle.
 * The signed-in shell starts what a member does not need to see that page then (the real-time connection and
 * pusher-js, the toaster, the push and queued-message workers), so on a slow phone none of it competes with
 * the page's scripts, data and photos (the dashboard's first load). A page whose requests never go
 * quiet (a poll, a slow server) waits at most SETTLE_CAP_MS after its first paint.
 */
export const SETTLE_CAP_MS = 3_000;

/** Where frames do not run (a tab opened in the background), the paint is not waited for longer than this. */
export const PAINT_WAIT_MS = 1_000;

export interface SettleSignals {
  /** Calls back once, after the next frame has been painted. */
  afterPaint(callback: () => void): void;
  /** Whether the page still waits for answers to its own requests. */
  busy(): boolean;
  /** Calls back whenever that may have changed; returns how to stop. */
  onBusyChange(listener: () => void): () => void;
  /** Calls back when the browser has nothing more urgent to do. */
  idle(callback: () => void): void;
  /** Calls back after `ms`. */
  later(callback: () => void, ms: number): void;
}

export function whenPageSettled(signals: SettleSignals): Promise<void> {
  return new Promise((resolve) => {
    signals.afterPaint(() => {
      let capped = false;
      let settled = false;
      let waitingForIdle = false;
      let stopListening = () => {};
      const settle = () => {
        if (settled) return;
        settled = true;
        stopListening();
        resolve();
      };
      // Idle first, then look again: a request that ended often starts the next (the dashboard's saved search
      // first, then the search itself), and that one is still the page's own.
      const check = () => {
        if (capped) return settle();
        if (signals.busy() || waitingForIdle) return;
        waitingForIdle = true;
        signals.idle(() => {
          waitingForIdle = false;
          if (capped || !signals.busy()) settle();
        });
      };
      signals.later(() => {
        capped = true;
        settle();
      }, SETTLE_CAP_MS);
      stopListening = signals.onBusyChange(check);
      check();
    });
  });
}

interface RequestWatch {
  isFetching(): number;
  getQueryCache(): { subscribe(listener: () => void): () => void };
}

/** The browser's signals, the page's requests being the TanStack queries in flight. */
export function browserSettleSignals(queries: RequestWatch): SettleSignals {
  return {
    afterPaint: (callback) => {
      let called = false;
      const once = () => {
        if (called) return;
        called = true;
        callback();
      };
      // The first frame's callback runs before that frame is painted; the second one's after it.
      requestAnimationFrame(() => requestAnimationFrame(once));
      window.setTimeout(once, PAINT_WAIT_MS);
    },
    busy: () => queries.isFetching() > 0,
    onBusyChange: (listener) => queries.getQueryCache().subscribe(listener),
    idle: (callback) => {
      if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: 1_000 });
      else window.setTimeout(callback, 0);
    },
    later: (callback, ms) => void window.setTimeout(callback, ms),
  };
}

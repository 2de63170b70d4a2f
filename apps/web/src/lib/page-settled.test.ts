import { describe, expect, it } from "vitest";
import { SETTLE_CAP_MS, type SettleSignals, whenPageSettled } from "./page-settled";

/** Signals driven by hand: each step of the page's life happens when the test says so. */
function fakePage() {
  let painted: (() => void) | null = null;
  let idle: (() => void)[] = [];
  let timers: { at: number; callback: () => void }[] = [];
  const listeners = new Set<() => void>();
  let inFlight = 0;
  let settled = false;
  const signals: SettleSignals = {
    afterPaint: (callback) => {
      painted = callback;
    },
    busy: () => inFlight > 0,
    onBusyChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle: (callback) => {
      idle.push(callback);
    },
    later: (callback, ms) => {
      timers.push({ at: ms, callback });
    },
  };
  const promise = whenPageSettled(signals).then(() => {
    settled = true;
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    paint: async () => {
      painted?.();
      await flush();
    },
    request: async (change: 1 | -1) => {
      inFlight += change;
      for (const listener of [...listeners]) listener();
      await flush();
    },
    goIdle: async () => {
      const due = idle;
      idle = [];
      for (const callback of due) callback();
      await flush();
    },
    wait: async (ms: number) => {
      const due = timers.filter((timer) => timer.at <= ms);
      timers = timers.filter((timer) => timer.at > ms);
      for (const timer of due) timer.callback();
      await flush();
    },
    settled: () => settled,
    listening: () => listeners.size,
    promise,
  };
}

describe("whenPageSettled", () => {
  it("waits for the first paint, then for the page's own requests, then for the browser to be idle", async () => {
    const page = fakePage();
    await page.request(1);
    await page.goIdle();
    expect(page.settled()).toBe(false);
    await page.paint();
    await page.goIdle();
    expect(page.settled()).toBe(false);
    await page.request(-1);
    expect(page.settled()).toBe(false);
    await page.goIdle();
    expect(page.settled()).toBe(true);
    expect(page.listening()).toBe(0);
  });

  it("keeps waiting when the answer to one request starts the next before the browser is idle", async () => {
    const page = fakePage();
    await page.paint();
    await page.request(1);
    await page.request(-1);
    // The saved search arrived; the search it opens goes out before the browser is idle.
    await page.request(1);
    await page.goIdle();
    expect(page.settled()).toBe(false);
    await page.request(-1);
    await page.goIdle();
    expect(page.settled()).toBe(true);
  });

  it("settles when the page was quiet from its first paint", async () => {
    const page = fakePage();
    await page.paint();
    await page.goIdle();
    expect(page.settled()).toBe(true);
  });

  it(`waits no longer than ${SETTLE_CAP_MS} ms after the first paint for requests that do not end`, async () => {
    const page = fakePage();
    await page.paint();
    await page.request(1);
    await page.wait(SETTLE_CAP_MS - 1);
    expect(page.settled()).toBe(false);
    await page.wait(SETTLE_CAP_MS);
    expect(page.settled()).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offerPushAfterConversationStarts, pushState, snoozePushOffer, usePushOffer } from "./web-push";

/** A browser as far as the offer looks at it: push support, a permission, and storage. */
function browserWith(permission: NotificationPermission | null) {
  const store = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  });
  if (permission === null) {
    vi.stubGlobal("window", {});
    vi.stubGlobal("navigator", {});
    return;
  }
  vi.stubGlobal("window", { PushManager: class {} });
  vi.stubGlobal("navigator", { serviceWorker: {} });
  vi.stubGlobal("Notification", { permission });
}

describe("the offer to turn push on", () => {
  beforeEach(() => usePushOffer.setState({ open: false }));
  afterEach(() => vi.unstubAllGlobals());

  it("opens once a conversation starts in a browser that was never asked", () => {
    browserWith("default");
    expect(usePushOffer.getState().open).toBe(false);
    offerPushAfterConversationStarts();
    expect(usePushOffer.getState().open).toBe(true);
  });

  it("stays away where the browser already answered or cannot push", () => {
    for (const permission of ["granted", "denied", null] as const) {
      browserWith(permission);
      offerPushAfterConversationStarts();
      expect(usePushOffer.getState().open, String(permission)).toBe(false);
    }
    browserWith(null);
    expect(pushState()).toBe("unsupported");
  });

  it("stays away for 14 days after Not now", () => {
    browserWith("default");
    offerPushAfterConversationStarts();
    snoozePushOffer();
    expect(usePushOffer.getState().open).toBe(false);
    offerPushAfterConversationStarts();
    expect(usePushOffer.getState().open).toBe(false);
    vi.useFakeTimers({ now: Date.now() + 15 * 24 * 3600_000 });
    try {
      offerPushAfterConversationStarts();
      expect(usePushOffer.getState().open).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetReturnAfterPurchase, rememberReturnAfterPurchase, returnAfterPurchase } from "./purchase-return";

describe("the way back after buying credits", () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("leads back to the conversation the member left, for an hour, until used", () => {
    rememberReturnAfterPurchase("/messages/c-1", 1_000);
    expect(returnAfterPurchase(1_000 + 59 * 60_000)).toBe("/messages/c-1");
    expect(returnAfterPurchase(1_000 + 61 * 60_000)).toBeNull();
    forgetReturnAfterPurchase();
    expect(returnAfterPurchase(1_000)).toBeNull();
  });

  it("never remembers a page outside the site", () => {
    rememberReturnAfterPurchase("//evil.example/messages", 1_000);
    expect(returnAfterPurchase(1_000)).toBeNull();
  });
});

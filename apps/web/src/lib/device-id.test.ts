import { CONSENT_STORAGE_KEY } from "@velvet/shared/consent/consent-choice";
import { timings } from "@velvet/shared/constants/limits";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./api-client";
import { resetConsentForTests } from "./consent";
import { hashComponents, refreshDeviceId, scheduleDeviceId } from "./device-id";

/** A browser's localStorage holding the visitor's consent to statistics (or its refusal). */
function consentGiven(statistics: boolean) {
  const item = JSON.stringify({ version: 1, statistics, marketing: false, decided_at: "2026-03-01T10:00:00Z" });
  vi.stubGlobal("localStorage", { getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? item : null) });
  resetConsentForTests();
}

function browser(language: string) {
  return {
    userAgent: "Mozilla/5.0 (iPhone) Chromium/130",
    language,
    languages: [language, "en"],
    platform: "iPhone",
    hardwareConcurrency: 6,
    maxTouchPoints: 5,
  };
}

describe("the device id", () => {
  beforeEach(() => {
    vi.stubGlobal("navigator", browser("en-AU"));
    vi.stubGlobal("screen", { width: 375, height: 812, colorDepth: 24 });
    consentGiven(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("is a stable 32-digit hash of the browser's components", () => {
    const first = refreshDeviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(refreshDeviceId()).toBe(first);
    expect(hashComponents("a|b")).toBe(hashComponents("a|b"));
    expect(hashComponents("a|b")).not.toBe(hashComponents("a|c"));
  });

  it("is computed when the browser is idle where requestIdleCallback exists", () => {
    const idle = vi.fn();
    vi.stubGlobal("window", { requestIdleCallback: idle });
    const timeout = vi.spyOn(globalThis, "setTimeout");
    scheduleDeviceId();
    expect(idle).toHaveBeenCalledTimes(1);
    expect(timeout).not.toHaveBeenCalled();
    timeout.mockRestore();
  });

  it("falls back to a 500 ms delay without requestIdleCallback", () => {
    expect(timings.deviceIdIdleFallbackMs).toBe(500);
    vi.useFakeTimers();
    vi.stubGlobal("window", {});
    const timeout = vi.spyOn(globalThis, "setTimeout");
    scheduleDeviceId();
    expect(timeout).toHaveBeenCalledWith(expect.any(Function), 500);
    vi.advanceTimersByTime(500);
    timeout.mockRestore();
  });

  it("is not computed before the visitor consents to statistics, nor after they chose essential cookies only", () => {
    vi.stubGlobal("localStorage", { getItem: () => null });
    resetConsentForTests();
    expect(refreshDeviceId()).toBeNull();
    consentGiven(false);
    expect(refreshDeviceId()).toBeNull();
    consentGiven(true);
    expect(refreshDeviceId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("goes without a value where the browser hides its components", () => {
    vi.stubGlobal("navigator", undefined);
    expect(refreshDeviceId()).toBeNull();
  });
});

describe("the Device-ID header", () => {
  const seen: Array<string | undefined> = [];

  beforeEach(() => {
    seen.length = 0;
    vi.stubGlobal("navigator", browser("en-AU"));
    vi.stubGlobal("window", {
      location: { pathname: "/dashboard" },
      localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    });
    consentGiven(true);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        seen.push((init.headers as Record<string, string>)["Device-ID"]);
        return new Response(JSON.stringify({ data: {} }), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is sent on every request, computed on the spot if the idle pass has not run yet", async () => {
    await api.get("/onlines/count");
    await api.post("/user-track-clicks", { section_type: "foldout", button_type: "menu_btn" });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[1]).toBe(seen[0]);
  });

  it("is left out of every request until the visitor consents to statistics", async () => {
    consentGiven(false);
    await api.get("/onlines/count");
    expect(seen).toEqual([undefined]);
  });

  it("is refreshed on each request: a changed component gives the next request a new id", async () => {
    await api.get("/onlines/count");
    vi.stubGlobal("navigator", browser("en-GB"));
    await api.get("/onlines/count");
    expect(seen[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[1]).not.toBe(seen[0]);
  });
});

import type { TTrackClickRequest } from "@velvet/shared/api/tracking";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClickTracker, popupDismissButton } from "./track-click";

describe("click tracking", () => {
  let sent: TTrackClickRequest[];
  let logged: string[];
  let trackClick: ReturnType<typeof createClickTracker>;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
    sent = [];
    logged = [];
    trackClick = createClickTracker({
      send: async (body) => {
        sent.push(body);
      },
      log: (message) => logged.push(message),
    });
  });
  afterEach(() => vi.useRealTimers());

  it("sends the first click and drops every other click within the same second", async () => {
    await trackClick("foldout", "menu_btn", "opened");
    vi.advanceTimersByTime(400);
    await trackClick("foldout", "menu_btn", "closed");
    vi.advanceTimersByTime(599);
    await trackClick("notification", "bell_btn", "opened");
    expect(sent).toEqual([{ section_type: "foldout", button_type: "menu_btn", status: "opened" }]);

    // Dropped clicks do not extend the window: one second after the sent one, the next goes.
    vi.advanceTimersByTime(1);
    await trackClick("notification", "bell_btn", "closed");
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ section_type: "notification", button_type: "bell_btn", status: "closed" });

    // Nothing is queued for later either.
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(2);
  });

  it("records nothing while the visitor has not consented, and does not count those clicks for the throttle", async () => {
    let consented = false;
    const gated = createClickTracker({
      allowed: () => consented,
      send: async (body) => {
        sent.push(body);
      },
    });
    await gated("foldout", "menu_btn", "opened");
    expect(sent).toEqual([]);
    consented = true;
    await gated("notification", "bell_btn", "opened");
    expect(sent).toEqual([{ section_type: "notification", button_type: "bell_btn", status: "opened" }]);
  });

  it("leaves the status out when there is none (a logout click)", async () => {
    await trackClick("foldout", "logout_btn");
    expect(sent).toEqual([{ section_type: "foldout", button_type: "logout_btn" }]);
  });

  it("only logs a failure, and still resolves so what follows the click runs", async () => {
    const failing = createClickTracker({
      send: () => Promise.reject(new Error("offline")),
      log: (message) => logged.push(message),
    });
    await expect(failing("popup", "no_btn", "closed")).resolves.toBeUndefined();
    expect(logged).toEqual(["Click popup/no_btn could not be recorded"]);
  });

  it("counts the throttle from the click that was sent, even when sending it failed", async () => {
    let attempts = 0;
    const failing = createClickTracker({
      send: () => {
        attempts += 1;
        return Promise.reject(new Error("500"));
      },
      log: () => {},
    });
    await failing("foldout", "menu_btn", "opened");
    await failing("foldout", "menu_btn", "closed");
    expect(attempts).toBe(1);
  });

  it("calls a popup's dismissal 'no' below 1024 px and a close button on a desktop", () => {
    expect(popupDismissButton(375)).toBe("no_btn");
    expect(popupDismissButton(1023)).toBe("no_btn");
    expect(popupDismissButton(1024)).toBe("close_btn");
  });
});

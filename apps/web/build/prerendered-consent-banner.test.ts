import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRERENDERED_BANNER_ID } from "../src/features/consent/prerendered-banner";
import { prerenderConsentBanner } from "./prerendered-consent-banner";

describe("the cookie banner rendered at build time", () => {
  it("is the banner as a first visit shows it, in the wrapper the app removes", async () => {
    const html = await prerenderConsentBanner(path.resolve(import.meta.dirname, ".."));
    expect(html.startsWith(`<div id="${PRERENDERED_BANNER_ID}"><section`)).toBe(true);
    const headingId = /<h2 id="([^"]+)"/.exec(html)?.[1];
    expect(headingId).toBeTruthy();
    expect(html).toContain(`aria-labelledby="${headingId}"`);
    expect(html).toContain(">Your privacy, your choice</h2>");
    const buttons = [...html.matchAll(/<button([^>]*)>([^<]+)<\/button>/g)];
    expect(buttons.map((match) => match[2])).toEqual(["Choose", "Essential only", "Accept all"]);
    // Disabled until the app's banner takes over: a tap before the scripts run is visibly not taken.
    for (const button of buttons) expect(button[1]).toContain('disabled=""');
    expect(html).toMatch(/<a [^>]*href="\/privacy"[^>]*>Privacy policy<\/a>/);
    // The first form: no purposes to tick, and no close button (there is no earlier choice to keep).
    expect(html).not.toContain('type="checkbox"');
    expect(html).not.toContain("Close cookie settings");
  });
});

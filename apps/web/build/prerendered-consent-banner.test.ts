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
    expect([...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((match) => match[1])).toEqual([
      "Choose",
      "Essential only",
      "Accept all",
    ]);
    expect(html).toMatch(/<a [^>]*href="\/privacy"[^>]*>Privacy policy<\/a>/);
    // The first form: no purposes to tick, and no close button (there is no earlier choice to keep).
    expect(html).not.toContain('type="checkbox"');
    expect(html).not.toContain("Close cookie settings");
  });
});

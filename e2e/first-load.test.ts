import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "./browser";

const baseUrl = inject("baseUrl");

/** Issue 9: the first load of home and login stays under 150 KB of JavaScript, gzipped. */
const firstLoadBudgetBytes = 150 * 1024;

describe("first-load JavaScript", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const path of ["/", "/login"]) {
    it(`loads under 150 KB of gzipped JavaScript on ${path}`, async () => {
      const { page, close } = await newPage(browser, 375);
      try {
        const scripts = new Map<string, Promise<Buffer>>();
        page.on("response", (response) => {
          if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
        });
        await page.goto(`${baseUrl}${path}`);
        // Until the network goes quiet: the route's lazy chunk and anything it pulls in count too.
        await page.waitForLoadState("networkidle");
        const bodies = await Promise.all(scripts.values());
        const gzipped = bodies.reduce((total, body) => total + gzipSync(body).length, 0);
        expect(scripts.size).toBeGreaterThan(0);
        expect(gzipped, [...scripts.keys()].join("\n")).toBeLessThan(firstLoadBudgetBytes);
      } finally {
        await close();
      }
    });
  }
});

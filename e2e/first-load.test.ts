import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "./browser";
import { createVerifiedMember, type Member } from "./members";

const baseUrl = inject("baseUrl");

/**
 * The first load of home and login stays under 150 KB of JavaScript, gzipped. The same holds for
 * the signed-in /dashboard, the real-time client (pusher-js) included. This suite runs the build that checks every
 * API answer against the shared contract (VITE_CHECK_API_RESPONSES=1), which carries zod and the endpoints'
 * schemas on every signed-in page (about 30 KB gzipped) where the production build reduces the contract to its
 * routes (apps/web/build/contract-route-table.ts): holding this build to the budget holds production to it with
 * room. Production builds run on Preact's React-compatible runtime (apps/web/vite.config.ts); that is what brings
 * the dashboard under the budget (bench/README.md).
 */
const firstLoadBudgetBytes = 150 * 1024;

/**
 * Starts noting every script the page fetches (the route's lazy chunks and what they pull in count too); the
 * returned function waits for the network to go quiet and sums what was fetched, gzipped.
 */
function collectScripts(page: Page) {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.set(response.url(), response.body());
  });
  return async () => {
    await page.waitForLoadState("networkidle");
    const bodies = await Promise.all(scripts.values());
    return { urls: [...scripts.keys()], gzipped: bodies.reduce((total, body) => total + gzipSync(body).length, 0) };
  };
}

/** A returning member: the token is in storage before the page's first script runs (as bench/web does). */
async function returningMember(page: Page, member: Member): Promise<void> {
  await page.context().addInitScript((token: string) => {
    if (!localStorage.getItem("auth._token.local")) localStorage.setItem("auth._token.local", `Bearer ${token}`);
  }, member.token);
}

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
        const scriptsFetched = collectScripts(page);
        await page.goto(`${baseUrl}${path}`);
        const { urls, gzipped } = await scriptsFetched();
        expect(urls.length).toBeGreaterThan(0);
        expect(gzipped, urls.join("\n")).toBeLessThan(firstLoadBudgetBytes);
      } finally {
        await close();
      }
    });
  }

  it("loads under 150 KB of gzipped JavaScript on the signed-in /dashboard, the real-time client included", async () => {
    const member = await createVerifiedMember(baseUrl, "lightdash");
    // A returning member on a device that has not chosen about cookies yet: the banner's code loads too.
    const { page, close } = await newPage(browser, 375, { consent: null });
    try {
      await returningMember(page, member);
      const scriptsFetched = collectScripts(page);
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole("region", { name: "Profiles" }).locator("article").first().waitFor();
      await page.waitForSelector("html[data-realtime-state=connected]");
      const { urls, gzipped } = await scriptsFetched();
      expect(
        urls.some((url) => /\/assets\/connect-[\w-]+\.js$/.test(url)),
        urls.join("\n"),
      ).toBe(true);
      expect(gzipped, urls.join("\n")).toBeLessThan(firstLoadBudgetBytes);
    } finally {
      await close();
    }
  });

  it("shows the dashboard's profiles before the real-time connection opens", async () => {
    const member = await createVerifiedMember(baseUrl, "paintfirst");
    const { page, errors, close } = await newPage(browser, 375);
    try {
      await returningMember(page, member);
      // In the page's own clock: when the first card is in the document, and when the first WebSocket is made.
      await page.addInitScript(() => {
        const marks = { card: 0, socket: 0 };
        Object.assign(window, { firstLoadMarks: marks });
        const PageWebSocket = window.WebSocket;
        window.WebSocket = class extends PageWebSocket {
          constructor(...args: ConstructorParameters<typeof WebSocket>) {
            super(...args);
            marks.socket ||= performance.now();
          }
        };
        new MutationObserver(() => {
          if (!marks.card && document.querySelector("[aria-label=Profiles] article")) marks.card = performance.now();
        }).observe(document, { subtree: true, childList: true });
      });
      // The member's session answers late: the app frame has painted and gone idle long before the page exists,
      // which must not count as the page having settled (CI once saw the socket open before the first card). The
      // search answers late too, so a watch that settled on the frame would open the socket while the cards wait:
      // that order no longer depends on which of the two requests the machine happens to finish first. (The search
      // is held for less than the settle cap, SETTLE_CAP_MS: a page that stays busy longer settles anyway.)
      const answerLate = (pattern: RegExp) =>
        page.route(pattern, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          await route.continue();
        });
      await answerLate(/\/api\/me$/);
      await answerLate(/\/api\/profiles(\?.*)?$/);
      await page.goto(`${baseUrl}/dashboard`);
      await page.waitForSelector("html[data-realtime-state=connected]");
      const marks = await page.evaluate(
        () => (window as unknown as { firstLoadMarks: { card: number; socket: number } }).firstLoadMarks,
      );
      expect(marks.card).toBeGreaterThan(0);
      expect(marks.socket).toBeGreaterThan(marks.card);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows a fresh visitor's cookie banner while the member is still being loaded, over the brand bar", async () => {
    const member = await createVerifiedMember(baseUrl, "bannerfirst");
    const { page, errors, close } = await newPage(browser, 375, { consent: null });
    try {
      await returningMember(page, member);
      // The member's session answers late (a slow connection): the banner, often the largest paint, must not wait.
      let releaseMember = () => {};
      const memberHeld = new Promise<void>((resolve) => {
        releaseMember = resolve;
      });
      let memberAnswered = false;
      await page.route(/\/api\/me$/, async (route) => {
        await memberHeld;
        await route.continue();
        memberAnswered = true;
      });
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole("region", { name: "Your privacy, your choice" }).waitFor();
      expect(memberAnswered).toBe(false);
      // Meanwhile the page keeps index.html's brand bar, not a blank page.
      await expect(page.locator("#root .bg-velvet-900").first().isVisible()).resolves.toBe(true);
      releaseMember();
      await page.getByRole("region", { name: "Profiles" }).locator("article").first().waitFor();
      expect(memberAnswered).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps the account strip's room while its code loads, so the dashboard does not shift (CLS under 0.02)", async () => {
    const member = await createVerifiedMember(baseUrl, "noshift");
    const { page, errors, close } = await newPage(browser, 375);
    try {
      await returningMember(page, member);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      // The strip's code arrives well after the page (a slow connection): the page must not move when it does.
      let stripRequested = false;
      await page.route(/\/assets\/AccountHeader-[\w-]+\.js$/, async (route) => {
        stripRequested = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole("region", { name: "Profiles" }).locator("article").first().waitFor();
      await page.getByRole("region", { name: "Your account" }).waitFor();
      expect(stripRequested).toBe(true);
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
      expect(shifts.reduce((total, value) => total + value, 0)).toBeLessThan(0.02);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

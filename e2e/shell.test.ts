import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";

const baseUrl = inject("baseUrl");
const maintenanceUrl = inject("maintenanceUrl");

describe("the web shell in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const width of [375, 1280]) {
    it(`shows the home page at ${width} px with no console errors`, async () => {
      const { page, errors, close } = await newPage(browser, width);
      await page.goto(`${baseUrl}/`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Flirt, chat and");
      await expect(page.getByText("Most profiles on this site are fictional").isVisible()).resolves.toBe(true);
      await expect(page.getByRole("link", { name: "Log In" }).first().isVisible()).resolves.toBe(true);
      expect(await page.title()).toContain("Velvet Hearts");
      if (width >= 1024) await page.getByText(/^[\d,]+ online now$/).waitFor();
      await screenshot(page, `home-${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("shows 'This page could not be found' on an unknown path", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByText("This page could not be found").waitFor();
    await expect(page.getByRole("link", { name: "Back to home" }).isVisible()).resolves.toBe(true);
    await screenshot(page, "not-found-1280");
    expect(errors).toEqual([]);
    await close();
  });

  it("shows the maintenance page and its rotating layouts", async () => {
    const { page, close } = await newPage(browser, 375);
    await page.goto(`${maintenanceUrl}/maintenance`);
    await page.getByRole("heading", { name: "Sorry! We Are Under Maintenance!" }).waitFor();
    await expect(page.getByText(/makeover, we will be back soon/).isVisible()).resolves.toBe(true);
    const first = await page.locator("[data-maintenance-layout]").getAttribute("data-maintenance-layout");
    await page.waitForFunction(
      (initial) =>
        document.querySelector("[data-maintenance-layout]")?.getAttribute("data-maintenance-layout") !== initial,
      first,
      { timeout: 8_000 },
    );
    await screenshot(page, "maintenance-375");
    await close();
  });

  it("sends every page to /maintenance while the site is in maintenance", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${maintenanceUrl}/faq`);
    await page.waitForURL(`${maintenanceUrl}/maintenance`);
    await page.getByRole("heading", { name: "Sorry! We Are Under Maintenance!" }).waitFor();
    await close();
  });

  for (const width of [375, 1280]) {
    it(`says "We're having trouble, retrying" through an outage's 503 at ${width} px, and never shows /maintenance`, async () => {
      const { page, close } = await newPage(browser, width);
      await page.goto(`${baseUrl}/faq`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      let down = true;
      // A database outage: 503 with Retry-After and no maintenance marker, until the database is back.
      await page.route("**/api/pages/**", (route) =>
        down
          ? route.fulfill({
              status: 503,
              headers: { "Content-Type": "application/json", "Retry-After": "1" },
              body: JSON.stringify({ message: "The service is temporarily unavailable. Please try again shortly." }),
            })
          : route.continue(),
      );
      await page.getByRole("link", { name: "Privacy" }).last().click();
      const notice = page.getByText("We're having trouble, retrying");
      await notice.waitFor();
      // The pill pops in: photographed once its animation has finished.
      await notice.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await screenshot(page, `outage-retrying-${width}`, { fullPage: false });
      expect(new URL(page.url()).pathname).not.toBe("/maintenance");
      down = false;
      await page.waitForURL(`${baseUrl}/privacy`);
      await notice.waitFor({ state: "detached" });
      await close();
    });
  }

  it("returns a visitor on /maintenance to / when the site is not in maintenance", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/maintenance`);
    await page.waitForURL(`${baseUrl}/`);
    await close();
  });

  it("sends a guest who opens a members-only page to /login with the way back", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/my-visitors`);
    await page.waitForURL(`${baseUrl}/login?redirect=%2Fmy-visitors`);
    await close();
  });

  it("scrolls to the top on navigation", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL(`${baseUrl}/faq`);
    await page.getByRole("heading", { name: "Frequently asked questions" }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await close();
  });
});

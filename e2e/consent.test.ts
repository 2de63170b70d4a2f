import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { createVerifiedMember } from "./members";

const baseUrl = inject("baseUrl");

interface SeenRequest {
  path: string;
  deviceId: string | undefined;
}

/** Every API request the page makes, with its Device-ID header (or none). */
function watchApi(page: Page): SeenRequest[] {
  const seen: SeenRequest[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(baseUrl).origin && url.pathname.startsWith("/api/"))
      seen.push({ path: url.pathname, deviceId: request.headers()["device-id"] });
  });
  return seen;
}

const trackingPaths = new Set(["/api/user-track-clicks", "/api/site-popups", "/api/push-notification-clicks"]);
const trackingCalls = (seen: SeenRequest[]) => seen.filter((request) => trackingPaths.has(request.path));

function banner(page: Page) {
  return page.getByRole("region", { name: "Your privacy, your choice" });
}

async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** Signs in with the form (Enter, so the banner over the bottom of a phone screen is no obstacle). */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Password").press("Enter");
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  await page.waitForSelector("html[data-realtime-state=connected]");
}

async function storedChoice(page: Page) {
  return page.evaluate(() => ({
    local: JSON.parse(localStorage.getItem("consent") ?? "null") as { statistics: boolean; marketing: boolean } | null,
    cookie: document.cookie.includes("consent="),
  }));
}

describe("cookie and tracking consent in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("sends no tracking call, Device-ID or campaign before a choice; Accept all starts them", async () => {
    const member = await createVerifiedMember(baseUrl, "consenter");
    const { page, errors, close } = await newPage(browser, 375, { consent: null });
    const seen = watchApi(page);
    // Layout shifts of the first visit, the banner's arrival included (it must move nothing).
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    // Arrived from an ad: the campaign is held in memory only until the visitor decides.
    await page.goto(`${baseUrl}/login?s1=summerads&gclid=g42`);
    await banner(page).waitFor();
    await page.waitForLoadState("networkidle");
    const shift = await page.evaluate(
      () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
    );
    expect(shift).toBeLessThan(0.01);
    expect(await blockingViolations(page)).toEqual([]);
    await screenshot(page, "consent-banner-375", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await blockingViolations(page)).toEqual([]);
    await screenshot(page, "consent-banner-1280", { fullPage: false });
    await page.setViewportSize({ width: 375, height: 780 });

    await signIn(page, member.email, member.password);
    await page.getByRole("button", { name: /^Menu/ }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    await page.getByRole("button", { name: /^Menu/ }).click();
    await page.waitForTimeout(1_200);
    expect(seen.length).toBeGreaterThan(3);
    expect(trackingCalls(seen)).toEqual([]);
    expect(seen.filter((request) => request.deviceId !== undefined)).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem("campaign"))).toBeNull();
    expect((await storedChoice(page)).local).toBeNull();

    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await banner(page).waitFor({ state: "detached" });
    expect(await storedChoice(page)).toMatchObject({ local: { statistics: true, marketing: true }, cookie: true });
    // The link the visitor arrived on is attributed now.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem("campaign") ?? "{}").state?.campaign))
      .toMatchObject({ s1: "summerads", gclid: "g42" });

    const before = seen.length;
    await page.getByRole("button", { name: /^Menu/ }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    await expect.poll(() => trackingCalls(seen).length).toBe(1);
    const after = seen.slice(before);
    expect(trackingCalls(after)[0]?.deviceId).toMatch(/^[0-9a-f]{32}$/);

    // The choice is remembered: no banner on the next visit.
    await page.reload();
    await page.waitForSelector("html[data-realtime-state=connected]");
    expect(await banner(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it("keeps tracking off after Essential only, and the footer's Cookie settings reopens the choice", async () => {
    const member = await createVerifiedMember(baseUrl, "essential");
    const { page, close } = await newPage(browser, 1280, { consent: null });
    const seen = watchApi(page);
    await page.goto(`${baseUrl}/login`);
    await banner(page).getByRole("button", { name: "Essential only" }).click();
    await banner(page).waitFor({ state: "detached" });
    expect(await storedChoice(page)).toMatchObject({ local: { statistics: false, marketing: false }, cookie: true });
    await signIn(page, member.email, member.password);
    await page.reload();
    await page.waitForSelector("html[data-realtime-state=connected]");
    expect(await banner(page).count()).toBe(0);

    const bell = page.getByRole("button", { name: /^Notifications/ });
    await bell.click();
    await page.getByRole("dialog", { name: "Notifications" }).waitFor();
    await bell.click();
    await page.waitForTimeout(1_200);
    expect(trackingCalls(seen)).toEqual([]);
    expect(seen.filter((request) => request.deviceId !== undefined)).toEqual([]);

    // The footer reopens the banner with each purpose as it was chosen.
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await banner(page).waitFor();
    const statistics = banner(page).getByRole("checkbox", { name: /^Statistics/ });
    expect(await statistics.isChecked()).toBe(false);
    expect(
      await banner(page)
        .getByRole("checkbox", { name: /^Marketing/ })
        .isChecked(),
    ).toBe(false);
    await page.waitForLoadState("networkidle");
    expect(await blockingViolations(page)).toEqual([]);
    await screenshot(page, "consent-settings-1280", { fullPage: false });
    await page.setViewportSize({ width: 375, height: 780 });
    await screenshot(page, "consent-settings-375", { fullPage: false });
    expect(await blockingViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await statistics.check();
    await banner(page).getByRole("button", { name: "Save my choices" }).click();
    await banner(page).waitFor({ state: "detached" });
    expect((await storedChoice(page)).local).toMatchObject({ statistics: true, marketing: false });
    await bell.click();
    await page.getByRole("dialog", { name: "Notifications" }).waitFor();
    await expect.poll(() => trackingCalls(seen).length).toBe(1);
    expect(trackingCalls(seen)[0]?.deviceId).toMatch(/^[0-9a-f]{32}$/);
    await close();
  });

  it("paints the banner from the page's HTML before the scripts run; the app's banner takes its place", async () => {
    const { page, close } = await newPage(browser, 375, { consent: null });
    const prerendered = page.locator("#consent-banner-prerendered");
    // The app's entry script is held: what shows meanwhile is the server's HTML alone.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Not "domcontentloaded": that waits for the held module script.
    await page.goto(`${baseUrl}/login`, { waitUntil: "commit" });
    await banner(page).waitFor();
    expect(await prerendered.count()).toBe(1);
    // Shown, but not taken before the app can act on it.
    expect(await page.getByRole("button", { name: "Accept all" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Accept all" }).isDisabled()).toBe(true);
    const before = await banner(page).boundingBox();

    releaseScripts();
    await page.getByLabel("Email").waitFor();
    await prerendered.waitFor({ state: "detached" });
    // One banner, the app's, where the server's stood: the swap moves nothing.
    expect(await banner(page).count()).toBe(1);
    expect(await banner(page).boundingBox()).toEqual(before);
    expect(await banner(page).getByRole("button", { name: "Accept all" }).isEnabled()).toBe(true);
    await banner(page).getByRole("button", { name: "Accept all" }).click();
    await banner(page).waitFor({ state: "detached" });

    // Chosen: the cookie tells the server, whose next page comes without the banner.
    const [response] = await Promise.all([page.waitForResponse(`${baseUrl}/login`), page.reload()]);
    expect(await response.text()).not.toContain("consent-banner-prerendered");
    await page.getByLabel("Email").waitFor();
    expect(await banner(page).count()).toBe(0);
    await close();
  });

  it("drops the server's banner at start when the choice survives only in this browser's storage", async () => {
    // As after the visitor cleared their cookies: the server cannot know.
    const { page, close } = await newPage(browser, 375, { consent: "accepted-in-storage-only" });
    const [response] = await Promise.all([page.waitForResponse(`${baseUrl}/login`), page.goto(`${baseUrl}/login`)]);
    expect(await response.text()).toContain("consent-banner-prerendered");
    await page.getByLabel("Email").waitFor();
    expect(await page.locator("#consent-banner-prerendered").count()).toBe(0);
    expect(await banner(page).count()).toBe(0);
    await close();
  });
});

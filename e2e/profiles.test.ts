import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";

const baseUrl = inject("baseUrl");

async function logInAsDemoMember(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill("demo@velvethearts.example");
  await page.getByLabel("Password").fill("demo-password-2026");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

describe("profiles in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("searches, opens a profile, winks and favorites it, and sees it in /my-favorites", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await logInAsDemoMember(page);
    await page.goto(`${baseUrl}/dashboard`);
    const firstCard = page.locator('a[href^="/profile/"]').first();
    await firstCard.waitFor();
    await screenshot(page, "dashboard-1280");
    const href = (await firstCard.getAttribute("href")) ?? "";
    const name = ((await firstCard.getAttribute("aria-label")) ?? "").split(",")[0] ?? "";
    await firstCard.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(name) }).waitFor();
    await page.getByRole("button", { name: "Wink" }).click();
    await page.getByRole("button", { name: "Winked" }).waitFor();
    await page.getByRole("button", { name: "Favorite" }).click();
    await page.getByRole("button", { name: "Favorited" }).waitFor();
    await screenshot(page, "profile-1280");

    await page.goto(`${baseUrl}/my-favorites`);
    await page.locator(`a[href="${href}"]`).waitFor();
    expect(await page.locator('a[href^="/profile/"]').count()).toBeGreaterThanOrEqual(1);
    expect(errors.filter((message) => !message.includes("status of 4"))).toEqual([]);
    await close();
  });

  it("shows the search as a grid with a filter sheet on a phone", async () => {
    const { page, close } = await newPage(browser, 375);
    await logInAsDemoMember(page);
    await page.goto(`${baseUrl}/dashboard`);
    await page.locator('a[href^="/profile/"]').first().waitFor();
    await screenshot(page, "dashboard-375");
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("dialog", { name: "Filters" }).waitFor();
    await page.getByRole("dialog", { name: "Filters" }).getByLabel("Online now").check();
    await page.getByRole("button", { name: "Show results" }).click();
    await page.locator('a[href^="/profile/"]').first().click();
    await page.getByRole("button", { name: "Wink" }).waitFor();
    await screenshot(page, "profile-375");
    await close();
  });
});

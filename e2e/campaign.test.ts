import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "./browser";
import { downloadExport } from "./members";

const baseUrl = inject("baseUrl");

describe("campaign tracking in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("keeps the campaign of the first link through the visit and stores it with the new account", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    const stamp = Date.now().toString(36);
    await page.goto(`${baseUrl}/register?s1=abc&s2=x&landing=2&gclid=g1&tracking_id=t9`);
    await page.getByRole("heading", { name: "Create your free account" }).waitFor();

    // Away and back without the parameters, once inside the app and once as a fresh page load.
    await page.getByRole("link", { name: "Log In" }).last().click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/faq`);
    await page.goto(`${baseUrl}/register`);

    await page.getByLabel("Username").fill(`camp${stamp}`);
    await page.getByLabel("Email").fill(`camp-${stamp}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("harbour-lights-2026");
    await page.getByLabel("Confirm password").fill("harbour-lights-2026");
    await page.getByLabel("Date of birth").fill("1988-07-21");
    await page.getByLabel("City").fill("Adelaide");
    await page.getByLabel(/I am at least 18 years old/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${baseUrl}/profile/complete`);

    const token = (await page.evaluate(() => localStorage.getItem("auth._token.local")))?.replace(/^Bearer\s+/, "");
    const exported = await downloadExport(baseUrl, token ?? "");
    expect(exported.account.campaign).toEqual({
      s1: "abc",
      s2: "x",
      s3: "empty",
      s4: "empty",
      s5: "empty",
      gclid: "g1",
      tracking_id: "t9",
      landing: 2,
    });
    expect(errors).toEqual([]);
    await close();
  });

  it("replaces the campaign when a later link brings new parameters", async () => {
    const { page, close } = await newPage(browser, 375);
    await page.goto(`${baseUrl}/?s1=first&gclid=g-first`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.goto(`${baseUrl}/faq?s2=second`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("campaign") ?? "null"));
    expect(stored?.state?.campaign).toEqual({
      s1: "empty",
      s2: "second",
      s3: "empty",
      s4: "empty",
      s5: "empty",
      gclid: null,
      tracking_id: null,
      landing: 1,
    });
    await close();
  });

  it("gives guest pages the survey-styled navbar for visitors from campaign landing 3, and only them", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/faq`);
    await expect.poll(() => page.locator("header[data-navbar]").first().getAttribute("data-navbar")).toBe("solid");
    await page.goto(`${baseUrl}/faq?landing=3`);
    await expect.poll(() => page.locator("header[data-navbar]").first().getAttribute("data-navbar")).toBe("survey");
    // Kept for the visit: the next guest page, without the parameter, still has it.
    await page.goto(`${baseUrl}/contact`);
    await expect.poll(() => page.locator("header[data-navbar]").first().getAttribute("data-navbar")).toBe("survey");
    expect(errors).toEqual([]);
    await close();
  });
});

import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";

const baseUrl = inject("baseUrl");

describe("own profile in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("uploads a photo, makes it the main one, and saves the profile", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill("demo@velvethearts.example");
    await page.getByLabel("Password").fill("demo-password-2026");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));

    await page.goto(`${baseUrl}/profile/edit`);
    const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#8a2a5e" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Choose a photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await page.getByText("Main", { exact: true }).waitFor();
    await page.getByLabel("Headline").fill("Sunrise swims and strong coffee");
    await page.getByLabel("City").fill("Bondi");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page
      .getByText("Your profile has been saved.")
      .waitFor({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, "profile-edit-failure");
        throw error;
      });
    await screenshot(page, "profile-edit-1280");

    await page.goto(`${baseUrl}/my-profile`);
    await page.getByText("Sunrise swims and strong coffee").waitFor();
    const src = await page.locator("main img").first().getAttribute("src");
    expect(src).toMatch(/^\/media\/photos\/.+-large\.webp$/);
    await close();
  });

  it("takes an abuse report from a guest", async () => {
    const { page, close } = await newPage(browser, 375);
    await page.goto(`${baseUrl}/report-abuse`);
    await page.getByLabel("What is it about?").selectOption("spam_or_scam");
    await page.getByLabel("Details").fill("A profile keeps sending links to another site.");
    await page.getByLabel("Your email").fill("worried-guest@example.com");
    await page.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Thank you. Your report has been received").waitFor();
    await close();
  });
});

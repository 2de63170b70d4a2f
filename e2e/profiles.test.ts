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

/** The report acknowledgements the demo member has been sent, as listed at /dev/mail. */
async function reportAcknowledgements(page: Page): Promise<number> {
  const mailbox = await (await page.request.get(`${baseUrl}/dev/mail`)).text();
  return mailbox.match(/demo@velvethearts\.example<\/td><td><a href="[^"]+">We received your report/g)?.length ?? 0;
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

  it("reports one photo from a profile's gallery", async () => {
    const { page, errors, close } = await newPage(browser, 375);
    await logInAsDemoMember(page);
    await page.goto(`${baseUrl}/dashboard`);
    // A profile with real photos: members other tests register (without photos) can top the results.
    const card = page.locator('a[href^="/profile/"]:has(img[src^="/media/photos/"])').first();
    await card.waitFor();
    const loaded = page.waitForResponse((response) => /\/api\/profiles\/[0-9a-f-]{36}$/.test(response.url()));
    await card.click();
    const { data: profile } = (await (await loaded).json()) as { data: { photos: Array<{ uuid: string }> } };
    // Demo profiles have two or three photos: report the last one, so the gallery has to follow the choice.
    const photo = profile.photos.at(-1);
    expect(profile.photos.length).toBeGreaterThanOrEqual(2);
    await page.getByRole("button", { name: `Photo ${profile.photos.length}`, exact: true }).click();
    const acknowledgedBefore = await reportAcknowledgements(page);

    await page.getByRole("button", { name: "Report photo" }).click();
    const form = page.getByRole("form", { name: "Report this photo" });
    await form.waitFor();
    expect(await form.getByLabel("Reason").evaluate((select) => select === document.activeElement)).toBe(true);
    await form.getByLabel("What is wrong with this photo?").fill("This picture is taken from someone else's site.");
    // The form was scrolled into view; full-page shots are taken from the top, where the sticky navbar belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "profile-report-photo-375");
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/reports"));
    await form.getByRole("button", { name: "Send report" }).click();
    const request = await sent;
    expect(request.postDataJSON()).toEqual({
      photo_uuid: photo?.uuid,
      reason: "inappropriate_photo",
      details: "This picture is taken from someone else's site.",
    });
    expect((await request.response())?.status()).toBe(201);
    await page.getByText("Thank you. Your report has been received and our team will review it.").waitFor();
    expect(await form.count()).toBe(0);
    // The acknowledgement leaves through the jobs queue, just after the answer.
    await expect.poll(() => reportAcknowledgements(page)).toBe(acknowledgedBefore + 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "profile-report-photo-sent-375");

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Report photo" }).click();
    await form.waitFor();
    expect(await page.getByText("Thank you. Your report has been received").count()).toBe(0);
    await screenshot(page, "profile-report-photo-1280");
    await form.getByRole("button", { name: "Cancel" }).click();
    expect(await form.count()).toBe(0);
    expect(errors.filter((message) => !message.includes("status of 4"))).toEqual([]);
    await close();
  });
});

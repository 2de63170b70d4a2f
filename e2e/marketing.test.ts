import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, downloadExport, logIn } from "./members";

const baseUrl = inject("baseUrl");

interface LandingPage {
  path: string;
  heading: string;
  /** Landers carry the registration form; the marketing pages link to /register. */
  form?: { next: string };
}

const pages: LandingPage[] = [
  { path: "/milf", heading: "Confident women who know what they want" },
  { path: "/instagram-for-sex", heading: "Like Instagram, but the DMs are the point" },
  { path: "/tinderforsex", heading: "Swipe less.Flirt more." },
  { path: "/landers/casual-dating", heading: "Casual dating, minus the small talk", form: { next: "Continue" } },
  { path: "/lander7", heading: "Casual dating, minus the small talk", form: { next: "Continue" } },
  { path: "/landers/lander8", heading: "Meet someone new tonight", form: { next: "Next: your account" } },
  { path: "/lander8", heading: "Meet someone new tonight", form: { next: "Next: your account" } },
  { path: "/lander32", heading: "Find your fantasy match", form: { next: "Show me my matches" } },
];

function screenshotName(path: string, width: number): string {
  return `marketing${path.replaceAll("/", "-")}-${width}`;
}

async function storedCampaign(page: Page): Promise<unknown> {
  const token = (await page.evaluate(() => localStorage.getItem("auth._token.local")))?.replace(/^Bearer\s+/, "");
  const exported = await downloadExport(baseUrl, token ?? "");
  return exported.account.campaign;
}

describe("marketing pages and landers in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const width of [375, 1280]) {
    it(`shows each marketing page and lander with its own heading and a way to register at ${width} px`, async () => {
      const { page, errors, close } = await newPage(browser, width);
      for (const landing of pages) {
        await page.goto(`${baseUrl}${landing.path}`);
        const heading = page.getByRole("heading", { level: 1 });
        await heading.waitFor();
        expect(await heading.textContent()).toBe(landing.heading);
        if (landing.form) {
          await page.getByText("Step 1 of 2").waitFor();
          await expect(page.getByLabel("Date of birth").isVisible()).resolves.toBe(true);
          await expect(page.getByRole("button", { name: landing.form.next }).isVisible()).resolves.toBe(true);
        } else {
          const join = page.locator('main a[href="/register"]').first();
          await expect(join.isVisible()).resolves.toBe(true);
        }
        await screenshot(page, screenshotName(landing.path, width));
      }
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("takes a marketing page's visitor to /register", async () => {
    const { page, close } = await newPage(browser, 375);
    await page.goto(`${baseUrl}/tinderforsex`);
    await page.getByRole("link", { name: "Skip the swiping" }).click();
    await page.waitForURL(`${baseUrl}/register`);
    await page.getByRole("heading", { name: "Create your free account" }).waitFor();
    await close();
  });

  it("registers through a lander in two steps and stores the campaign it came with", async () => {
    const { page, errors, close } = await newPage(browser, 375);
    const stamp = Date.now().toString(36);
    await page.goto(`${baseUrl}/lander32?s1=lander&s3=summer&tracking_id=t32&landing=4`);

    // Step 1 checks its own answers before moving on.
    await page.getByRole("button", { name: "Show me my matches" }).click();
    await page.getByText("Step 1 of 2").waitFor();
    await expect(page.getByLabel("Username").count()).resolves.toBe(0);

    await page.getByText("Woman", { exact: true }).click();
    await page.getByText("Men", { exact: true }).click();
    await page.getByLabel("Date of birth").fill("1992-11-05");
    await screenshot(page, "lander32-step1-375", { fullPage: false });
    await page.getByRole("button", { name: "Show me my matches" }).click();

    await page.getByText("Step 2 of 2").waitFor();
    await page.getByLabel("Username").fill(`lander${stamp}`);
    await page.getByLabel("Email").fill(`lander-${stamp}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("velvet-lander-2026");
    await page.getByLabel("Confirm password").fill("velvet-lander-2026");
    await page.getByLabel("City").fill("Perth");
    await page.getByLabel(/I am at least 18 years old/).check();
    await screenshot(page, "lander32-step2-375", { fullPage: false });
    await page.getByRole("button", { name: "Reveal my matches" }).click();

    await page.waitForURL(`${baseUrl}/profile/complete`);
    expect(await storedCampaign(page)).toEqual({
      s1: "lander",
      s2: "empty",
      s3: "summer",
      s4: "empty",
      s5: "empty",
      tracking_id: "t32",
      landing: 4,
    });
    expect(errors).toEqual([]);
    await close();
  });

  it("sends a push-notification link /message/<uuid> on to /messages/<uuid>, leaving no step back to it", async () => {
    const [reader, writer] = await Promise.all([
      createVerifiedMember(baseUrl, "pushreader"),
      createVerifiedMember(baseUrl, "pushwriter"),
    ]);
    const sent = await callApi<{ data: { conversation: string } }>(
      baseUrl,
      "POST",
      `/profiles/${reader.uuid}/messages`,
      { token: writer.token, body: { type: "text", text: "Open me from the push", client_id: crypto.randomUUID() } },
    );
    expect(sent.status).toBe(201);
    const conversationUuid = sent.body.data.conversation;

    const { page, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, reader.email, reader.password);
    await page.goto(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/message/${conversationUuid}`);
    await page.waitForURL(`${baseUrl}/messages/${conversationUuid}`);
    await page.getByText("Open me from the push").waitFor();

    await page.goBack();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await close();
  });
});

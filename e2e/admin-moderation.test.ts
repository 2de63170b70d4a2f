import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import {
  callApi,
  createVerifiedMember,
  DEMO_OPERATOR,
  demoOperatorDesk,
  logIn,
  type Member,
  SITE_KEY,
  sendTextMessage,
} from "./members";
import { type E2eServer, startE2eServer } from "./server-process";

const ADMIN = { email: "admin@velvethearts.example", password: "admin-password-2026" };
async function uploadPhoto(baseUrl: string, member: Member, background: string): Promise<void> {
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const body = new FormData();
  body.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "me.jpg");
  const response = await fetch(`${baseUrl}/api/profile/photos`, {
    method: "POST",
    headers: { "X-Site-Key": SITE_KEY ?? "", Authorization: `Bearer ${member.token}`, Accept: "application/json" },
    body,
  });
  expect(response.status).toBe(201);
}

/** Serious or critical axe findings (WCAG 2.1 AA), as e2e/accessibility.test.ts fails on. */
async function blockingViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * "The admin sees what it moderates", in Chromium. Its own server approves photos on upload
 * (PHOTO_AUTO_APPROVE=1), so the photos page is the review after the fact; e2e/admin.test.ts walks the queue.
 */
describe("the admin's moderation views in Chromium", () => {
  let browser: Browser;
  let server: E2eServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startE2eServer({ PHOTO_AUTO_APPROVE: "1" })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("counts only real members on the dashboard: not the seeded admin, operator or fictional profiles", async () => {
    // Runs first, on the fresh demo data: one demo member, two staff accounts, dozens of fictional profiles.
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/admin`);
    const membersFigure = page.locator("dl[aria-label=Today] > div").filter({ hasText: "Members" }).locator("dd");
    await membersFigure.first().waitFor();
    await expect(membersFigure.first().innerText()).resolves.toBe("1");
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("reviews auto-approved photos, opens members on the reported and the new, and shows the whole member", async () => {
    const baseUrl = server.url;
    const [member, reporter] = await Promise.all([
      createVerifiedMember(baseUrl, "autophoto"),
      createVerifiedMember(baseUrl, "autorep"),
    ]);
    await uploadPhoto(baseUrl, member, "#a63b74");
    await uploadPhoto(baseUrl, member, "#3b5ea6");
    await uploadPhoto(baseUrl, member, "#3ba65e");
    for (const [from, about, details] of [
      [reporter, member, "Sent me a phone number in the first message."],
      [member, reporter, "Kept asking for my address."],
    ] as const) {
      const report = await callApi(baseUrl, "POST", "/reports", {
        token: from.token,
        body: { reported_uuid: about.uuid, reason: "harassment", details },
      });
      expect(report.status).toBeLessThan(300);
    }

    for (const width of [1280, 375]) {
      const { page, errors, close } = await newPage(browser, width);
      await logIn(page, baseUrl, ADMIN.email, ADMIN.password);

      // Members opens on the reported members and the newest sign-ups, before any search.
      await page.goto(`${baseUrl}/admin/members`);
      const reported = page.getByRole("region", { name: "Open reports against them" });
      await reported.getByRole("link", { name: new RegExp(`^${member.username}.*1 open report`) }).waitFor();
      const newest = page.getByRole("region", { name: "Newest sign-ups" });
      await newest.getByRole("link", { name: new RegExp(`^${reporter.username}`) }).waitFor();
      await expect(newest.getByRole("link", { name: /^DeskOperator/ }).count()).resolves.toBe(0);
      await screenshot(page, `admin-members-overview-${width}`);
      expect(await blockingViolations(page)).toEqual([]);

      if (width === 1280) {
        // Photos: the page says photos go live on upload, and lists them to keep or take down.
        await page.goto(`${baseUrl}/admin/photos`);
        await page.getByRole("note").getByText("Photos are approved on upload").waitFor();
        const keep = page.getByRole("button", { name: `Keep the photo of ${member.username}` });
        await expect.poll(() => keep.count()).toBe(3);
        await screenshot(page, "admin-photos-auto-1280");
        expect(await blockingViolations(page)).toEqual([]);
        await keep.first().click();
        await expect.poll(() => keep.count()).toBe(2);
        await page
          .getByRole("button", { name: `Take down the photo of ${member.username}` })
          .first()
          .click();
        const dialog = page.getByRole("dialog", { name: "Take down this photo?" });
        await dialog.getByLabel("Reason for the member (optional)").fill("Phone numbers are not allowed in photos.");
        await dialog.getByRole("button", { name: "Take down photo" }).click();
        await expect.poll(() => keep.count()).toBe(1);
        const own = await callApi<{ data: Array<{ status: string }> }>(baseUrl, "GET", "/profile/photos", {
          token: member.token,
        });
        expect(own.body.data.map((photo) => photo.status).sort()).toEqual(["approved", "approved", "rejected"]);
      }

      // The member's page: photos with their status and actions, profile, reports both ways, conversations.
      await page.goto(`${baseUrl}/admin/members/${member.uuid}`);
      await page.getByRole("heading", { level: 1, name: member.username }).waitFor();
      const photos = page.getByRole("region", { name: "Photos", exact: true });
      await photos.getByRole("img").first().waitFor();
      await page
        .getByRole("region", { name: "Reports against them" })
        .getByText("Sent me a phone number in the first message.")
        .waitFor();
      await page.getByRole("region", { name: "Reports by them" }).getByText("Kept asking for my address.").waitFor();
      await page.getByRole("region", { name: "Profile", exact: true }).waitFor();
      await page.getByRole("region", { name: "Account", exact: true }).getByText("Messages sent").waitFor();
      await page.getByRole("region", { name: "Suspension" }).waitFor();
      if (width === 1280) {
        await expect(photos.getByText("rejected", { exact: true }).count()).resolves.toBe(1);
        // Remove one for good, after confirming.
        const before = await photos.getByRole("listitem").count();
        await photos.getByRole("button", { name: "Remove photo 3" }).click();
        await page
          .getByRole("dialog", { name: "Remove this photo?" })
          .getByRole("button", { name: "Remove photo" })
          .click();
        await expect.poll(() => photos.getByRole("listitem").count()).toBe(before - 1);
        // Impersonation from the member page: a single-use link to the member's dashboard.
        await page.getByRole("button", { name: "Issue impersonation link" }).click();
        const link = await page.getByLabel(`Link to sign in as ${member.username}`).inputValue();
        expect(link).toMatch(/\/dashboard\?impersonate_token=/);
        await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `admin-member-moderation-${width}`);
      expect(await blockingViolations(page)).toEqual([]);
      if (width === 375) {
        await page.goto(`${baseUrl}/admin/photos`);
        await page
          .getByRole("button", { name: `Keep the photo of ${member.username}` })
          .first()
          .waitFor();
        await screenshot(page, "admin-photos-auto-375");
        expect(await blockingViolations(page)).toEqual([]);
      }
      expect(ignoreExpectedStatuses(errors)).toEqual([]);
      await close();
    }
  }, 180_000);

  it("lets an operator sign in as the member from the conversation's context panel", async () => {
    const baseUrl = server.url;
    const member = await createVerifiedMember(baseUrl, "impme");
    const { profiles } = await demoOperatorDesk(baseUrl);
    const conversation = await sendTextMessage(baseUrl, member, profiles[0]?.uuid ?? "", "Are you free this weekend?");

    const desk = await newPage(browser, 1280);
    await logIn(desk.page, baseUrl, DEMO_OPERATOR.email, DEMO_OPERATOR.password);
    await desk.page.goto(`${baseUrl}/operator/${conversation}`);
    const panel = desk.page.getByRole("complementary", { name: "Member and profile" });
    await panel.getByRole("button", { name: `Sign in as ${member.username}…` }).click();
    const link = await panel.getByLabel(`Link to sign in as ${member.username}`).inputValue();
    expect(link).toMatch(/\/dashboard\?impersonate_token=/);
    await screenshot(desk.page, "operator-impersonate-1280");
    expect(await blockingViolations(desk.page)).toEqual([]);

    // The link, opened in another browser (a private window), signs in as the member, once.
    const visitor = await newPage(browser, 375);
    await visitor.page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await visitor.page.waitForURL(`${baseUrl}/dashboard`);
    const token = await visitor.page.evaluate(
      () => localStorage.getItem("auth._token.local")?.replace("Bearer ", "") ?? "",
    );
    const me = await callApi<{ data: { uuid: string } }>(baseUrl, "POST", "/me", { token });
    expect(me.body.data.uuid).toBe(member.uuid);
    expect(ignoreExpectedStatuses(desk.errors)).toEqual([]);
    await Promise.all([desk.close(), visitor.close()]);
  }, 120_000);
});

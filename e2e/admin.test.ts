import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import {
  callApi,
  createVerifiedMember,
  demoOperatorDesk,
  logIn,
  type Member,
  SITE_KEY,
  sendTextMessage,
} from "./members";
import { type E2eServer, startE2eServer } from "./server-process";

const ADMIN = { email: "admin@velvethearts.example", password: "admin-password-2026" };
/** A photo upload through the API, as the profile editor sends it. */
async function uploadPhoto(baseUrl: string, member: Member): Promise<void> {
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#a63b74" } })
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

/** A package bought through the test gateway's page, as a member pays. */
async function buyPopularPackage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/credits/package`);
  await page.getByRole("button", { name: /^Choose Popular, 500 credits for A\$49\.95/ }).click();
  await page.waitForURL(`${baseUrl}/credits/buy`);
  await page.getByRole("button", { name: "Pay A$49.95 securely" }).click();
  await page.waitForURL(/\/test-gateway\/checkout\?session=/);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.getByRole("heading", { name: "Payment successful" }).waitFor({ timeout: 15_000 });
}

/** The admin console's section, once its heading has drawn. */
async function openSection(page: Page, label: string): Promise<void> {
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: label }).click();
  await page.getByRole("heading", { level: 1, name: label }).waitFor();
}

describe("the admin console in Chromium", () => {
  let browser: Browser;
  // Its own server: the shared one approves photos on upload, and this test needs one waiting for a decision.
  let server: E2eServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startE2eServer({ PHOTO_AUTO_APPROVE: "0" })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lets an admin read the dashboard, look after a member, moderate a photo and review a report", async () => {
    const baseUrl = server.url;
    const [member, reporter] = await Promise.all([
      createVerifiedMember(baseUrl, "adminseen"),
      createVerifiedMember(baseUrl, "adminrep"),
    ]);
    await uploadPhoto(baseUrl, member);
    await uploadPhoto(baseUrl, member);
    const report = await callApi(baseUrl, "POST", "/reports", {
      token: reporter.token,
      body: { reported_uuid: member.uuid, reason: "harassment", details: "Kept messaging after I said no." },
    });
    expect(report.status).toBeLessThan(300);

    const buyer = await newPage(browser, 1280);
    await logIn(buyer.page, baseUrl, member.email, member.password);
    await buyPopularPackage(buyer.page, baseUrl);
    await buyer.close();

    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, ADMIN.email, ADMIN.password);

    // The dashboard is the console's start page, with the numbers from the API.
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const today = page.getByRole("definition").filter({ hasText: /^\d/ });
    await today.first().waitFor();
    const dashboard = await callApi<{ data: { members: { total: number } } }>(baseUrl, "GET", "/admin/dashboard", {
      token: await page.evaluate(() => localStorage.getItem("auth._token.local")?.replace("Bearer ", "") ?? ""),
    });
    const membersFigure = page.locator("dl[aria-label=Today] > div").filter({ hasText: "Members" }).locator("dd");
    await expect(membersFigure.first().innerText()).resolves.toBe(
      dashboard.body.data.members.total.toLocaleString("en-AU"),
    );
    const revenue = page.getByRole("region", { name: "Revenue, last 7 days" });
    await revenue.getByText("A$49.95").first().waitFor();
    await page
      .getByRole("region", { name: "By package" })
      .getByRole("row", { name: /Popular 1 A\$49\.95/ })
      .waitFor();
    await screenshot(page, "admin-dashboard-1280");

    // Members: find by username, open, add credits with a reason and see the ledger row.
    await openSection(page, "Members");
    await page.getByPlaceholder("Username, email or uuid").fill(member.username);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    // The results replace the lists the page opens on (where this member shows too: new, and reported).
    await page
      .getByRole("region", { name: /^Results/ })
      .getByRole("link", { name: new RegExp(`^${member.username}`) })
      .click();
    await page.waitForURL(`${baseUrl}/admin/members/${member.uuid}`);
    await page.getByRole("heading", { level: 1, name: member.username }).waitFor();
    const credits = page.getByRole("region", { name: "Adjust credits" });
    await credits.getByRole("button", { name: "Apply adjustment" }).click();
    await credits.getByText("The reason field must be at least 3 characters").waitFor();
    await credits.getByLabel("Amount").fill("25");
    await credits.getByLabel("Reason").fill("Goodwill after a failed payment");
    await credits.getByRole("button", { name: "Apply adjustment" }).click();
    const ledger = page.getByRole("region", { name: "Credit ledger", exact: true });
    const adjustment = ledger.getByRole("row").filter({ hasText: "Goodwill after a failed payment" });
    await adjustment.waitFor();
    await expect(adjustment.getByRole("cell").nth(3).innerText()).resolves.toBe("+25");
    await page
      .getByRole("region", { name: "Payments", exact: true })
      .getByRole("row", { name: /Popular/ })
      .waitFor();

    // Deactivate after confirming, then reactivate.
    await page.getByRole("button", { name: "Deactivate account…" }).click();
    await page
      .getByRole("dialog", { name: `Deactivate ${member.username}?` })
      .getByRole("button", { name: "Deactivate" })
      .click();
    await page.getByRole("button", { name: "Reactivate account" }).waitFor();
    const me = await callApi<{ data: { deactivated: boolean } }>(baseUrl, "POST", "/me", { token: member.token });
    expect(me.body.data.deactivated).toBe(true);
    await page.getByRole("button", { name: "Reactivate account" }).click();
    await page.getByRole("button", { name: "Deactivate account…" }).waitFor();
    const again = await callApi<{ data: { deactivated: boolean } }>(baseUrl, "POST", "/me", { token: member.token });
    expect(again.body.data.deactivated).toBe(false);
    // The confirmations have faded, so the picture shows the page.
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
    // The report about the member shows on their page, linking to its place in the reports section.
    await page
      .getByRole("region", { name: "Reports against them" })
      .getByText("Kept messaging after I said no.")
      .waitFor();
    // Both uploads wait on the member's page too, each with its decision buttons (the photos section decides them).
    const memberPhotos = page.getByRole("region", { name: "Photos", exact: true });
    await expect.poll(() => memberPhotos.getByText("pending", { exact: true }).count()).toBe(2);
    await memberPhotos.getByRole("button", { name: "Approve photo 1" }).waitFor();
    await memberPhotos.getByRole("button", { name: "Reject photo 2" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "admin-member-1280");

    // Photos: the page says photos wait for approval (PHOTO_AUTO_APPROVE=0); the member's two uploads are
    // waiting; one is approved, the other rejected with a reason.
    await openSection(page, "Photos");
    await page.getByRole("note").getByText("Photos wait for approval").waitFor();
    const approve = page.getByRole("button", { name: `Approve the photo of ${member.username}` });
    await expect.poll(() => approve.count()).toBe(2);
    await approve.first().click();
    await expect.poll(() => approve.count()).toBe(1);
    await page.getByRole("button", { name: `Reject the photo of ${member.username}` }).click();
    const rejecting = page.getByRole("dialog", { name: "Reject this photo?" });
    await rejecting.getByLabel("Reason for the member (optional)").fill("Your face is hidden behind the phone.");
    await rejecting.getByRole("button", { name: "Reject photo" }).click();
    await expect.poll(() => approve.count()).toBe(0);
    const photos = await callApi<{ data: Array<{ status: string }> }>(baseUrl, "GET", "/profile/photos", {
      token: member.token,
    });
    expect(photos.body.data.map((photo) => photo.status).sort()).toEqual(["approved", "rejected"]);

    // Reports: the pending report moves to under review with a note.
    await openSection(page, "Reports");
    const card = page.getByRole("listitem").filter({ hasText: "Kept messaging after I said no." });
    await card.getByLabel("Move to").selectOption("under_review");
    await card.getByLabel("Note").fill("Asked the reporter for screenshots");
    await card.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.getByRole("button", { name: "Under review" }).click();
    const reviewed = page.getByRole("listitem").filter({ hasText: "Kept messaging after I said no." });
    await reviewed.getByText("Asked the reporter for screenshots").waitFor();

    // The phone layout: the sections as a row under the header.
    const narrow = await newPage(browser, 375);
    await logIn(narrow.page, baseUrl, ADMIN.email, ADMIN.password);
    await narrow.page.goto(`${baseUrl}/admin`);
    await narrow.page.getByRole("region", { name: "Revenue, last 7 days" }).getByText("A$49.95").first().waitFor();
    await screenshot(narrow.page, "admin-dashboard-375");
    await narrow.page.goto(`${baseUrl}/admin/members/${member.uuid}`);
    await narrow.page
      .getByRole("region", { name: "Credit ledger", exact: true })
      .getByText("Goodwill after a failed payment")
      .waitFor();
    await screenshot(narrow.page, "admin-member-375");

    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    expect(ignoreExpectedStatuses(narrow.errors)).toEqual([]);
    await Promise.all([close(), narrow.close()]);
  }, 120_000);

  it("manages fictional profiles, promotions and triggers from their sections", async () => {
    const baseUrl = server.url;
    for (const width of [1280, 375]) {
      const { page, errors, close } = await newPage(browser, width);
      await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
      await page.goto(`${baseUrl}/admin/fictional`);
      await page.getByRole("heading", { level: 1, name: /Fictional profiles/ }).waitFor();
      // The demo data's fictional profiles are listed, each with its online hours.
      await page.getByRole("search").or(page.getByPlaceholder("Search by username")).first().waitFor();
      await page
        .getByText(/online|offline/i)
        .first()
        .waitFor();
      await screenshot(page, `admin-fictional-${width}`);

      await page.goto(`${baseUrl}/admin/promotions`);
      await page.getByRole("heading", { level: 1, name: "Promotions" }).waitFor();
      await screenshot(page, `admin-promotions-${width}`);

      if (width === 1280) {
        // A trigger made through the form is listed as it was written.
        await page.goto(`${baseUrl}/admin/triggers`);
        await page.getByRole("heading", { level: 1, name: "Triggers" }).waitFor();
        await page.getByRole("button", { name: "New trigger" }).click();
        await page.getByLabel("Name (admins only)").fill("Welcome hello");
        await page.getByLabel("Message").fill("Hey {member}, welcome to the site! Fancy a chat?");
        await page.getByRole("button", { name: "Create trigger" }).click();
        await page.getByText("Welcome hello").first().waitFor();
        await screenshot(page, "admin-triggers-1280");
        const listed = await callApi<{ data: Array<{ name: string }> }>(baseUrl, "GET", "/admin/triggers", {
          token: (await callApi<{ data: { access_token: string } }>(baseUrl, "POST", "/login", { body: ADMIN })).body
            .data.access_token,
        });
        expect(listed.body.data.map((trigger) => trigger.name)).toContain("Welcome hello");
      }
      expect(ignoreExpectedStatuses(errors)).toEqual([]);
      await close();
    }
  }, 120_000);

  it("shows each operator's replies and first-response time, over the range and per day", async () => {
    const baseUrl = server.url;
    // A member writes to a fictional profile and the demo operator answers: one reply, one first response.
    const member = await createVerifiedMember(baseUrl, "statsmember");
    const { token: operatorToken, profiles } = await demoOperatorDesk(baseUrl);
    const conversation = await sendTextMessage(
      baseUrl,
      member,
      profiles[0]?.uuid ?? "",
      "Hello there, how is your week going?",
    );
    const lock = await callApi(baseUrl, "POST", `/operator/conversations/${conversation}/lock`, {
      token: operatorToken,
    });
    expect(lock.status).toBeLessThan(300);
    const reply = await callApi(baseUrl, "POST", `/operator/conversations/${conversation}/messages`, {
      token: operatorToken,
      body: { type: "text", text: "Busy but better now you wrote!", client_id: randomUUID() },
    });
    expect(reply.status).toBe(201);

    for (const width of [1280, 375]) {
      const { page, errors, close } = await newPage(browser, width);
      await logIn(page, baseUrl, ADMIN.email, ADMIN.password);
      await page.goto(`${baseUrl}/admin/operators?days=30`);
      await page.getByRole("heading", { level: 1, name: "Operators" }).waitFor();
      const byOperator = page.getByRole("region", { name: "Operators over the range" });
      const row = byOperator.getByRole("row").filter({ hasText: "DeskOperator" }).first();
      await row.waitFor();
      // Replies, active hours, replies per hour: at least this test's reply, in at least one hour.
      const cells = await row.getByRole("cell").allTextContents();
      expect(Number(cells[1])).toBeGreaterThanOrEqual(1);
      expect(Number(cells[2])).toBeGreaterThanOrEqual(1);
      await expect(
        page.getByRole("region", { name: "Operators per day" }).getByRole("row").nth(1).isVisible(),
      ).resolves.toBe(true);
      // The range is kept in the address; choosing another one asks for it.
      await page.getByRole("button", { name: "Today" }).click();
      await page.waitForURL(`${baseUrl}/admin/operators?days=1`);
      await byOperator.getByRole("row").filter({ hasText: "DeskOperator" }).first().waitFor();
      await screenshot(page, `admin-operators-${width}`);
      expect(ignoreExpectedStatuses(errors)).toEqual([]);
      await close();
    }
  }, 120_000);

  it("sends a member who opens /admin to the dashboard without loading the console", async () => {
    const baseUrl = server.url;
    const member = await createVerifiedMember(baseUrl, "notadmin");
    const { page, errors, close } = await newPage(browser, 375);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/admin/members`);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => /Admin|Section/.test(url))).toEqual([]);
    const admin = await callApi(baseUrl, "GET", "/admin/dashboard", { token: member.token });
    expect(admin.status).toBe(403);
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });
});

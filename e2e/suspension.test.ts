import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn } from "./members";

const baseUrl = inject("baseUrl");
const ADMIN = { email: "admin@velvethearts.example", password: "admin-password-2026" };
/**
 * In Chromium: an admin suspends a member from the members screen with
 * a reason. The member's open tab loses its real-time connection and lands on
 * the sign-in page, where signing in says the account is suspended; the member
 * they wrote with sees the conversation read-only. Lifting it lets them back in.
 */
describe("suspending a member in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("ends the member's tab, leaves their partner a read-only conversation, and is lifted from the same screen", async () => {
    const [partner, suspect] = await Promise.all([
      createVerifiedMember(baseUrl, "partner"),
      createVerifiedMember(baseUrl, "suspect"),
    ]);
    const sent = await callApi<{ data: { conversation: string } }>(
      baseUrl,
      "POST",
      `/profiles/${suspect.uuid}/messages`,
      {
        token: partner.token,
        body: { type: "text", text: "Coffee on Sunday?", client_id: randomUUID() },
      },
    );
    expect(sent.status).toBe(201);
    const conversationUrl = `${baseUrl}/messages/${sent.body.data.conversation}`;

    const suspectTab = await newPage(browser, 375);
    await logIn(suspectTab.page, baseUrl, suspect.email, suspect.password);
    const partnerTab = await newPage(browser, 1280);
    await logIn(partnerTab.page, baseUrl, partner.email, partner.password);
    await partnerTab.page.goto(conversationUrl);
    await partnerTab.page
      .getByPlaceholder(/message/i)
      .first()
      .waitFor();

    const admin = await newPage(browser, 1280);
    await logIn(admin.page, baseUrl, ADMIN.email, ADMIN.password);
    await admin.page.goto(`${baseUrl}/admin/members/${suspect.uuid}`);
    const form = admin.page.getByRole("form", { name: `Suspend ${suspect.username}` });
    await form.getByLabel("Reason").fill("no");
    await form.getByRole("button", { name: "Suspend account" }).click();
    await form.getByText("The reason field must be at least 3 characters").waitFor();
    await form.getByLabel("Reason").fill("Asked several members for money");
    await form.getByRole("button", { name: "Suspend account" }).click();
    await admin.page.getByText("Asked several members for money").waitFor();
    await admin.page.getByText("Suspended", { exact: true }).first().waitFor();
    await screenshot(admin.page, "suspension-admin-1280");

    // The member's tab: its socket closed with 4009, pusher-js stays away, the tab signs out.
    await suspectTab.page.waitForURL((url) => url.pathname === "/login", { timeout: 10_000 });
    expect(await suspectTab.page.evaluate(() => document.documentElement.dataset.realtimeState)).not.toBe("connected");
    await suspectTab.page.getByLabel("Email").fill(suspect.email);
    await suspectTab.page.getByLabel("Password").fill(suspect.password);
    await suspectTab.page.getByRole("button", { name: "Log In" }).click();
    await suspectTab.page.getByText("This account has been suspended.").waitFor();
    await screenshot(suspectTab.page, "suspension-login-375");

    // The partner: the conversation stays readable, the composer gives way to the notice.
    await partnerTab.page.reload();
    await partnerTab.page.getByText("This member is no longer available").waitFor();
    await partnerTab.page.getByText("Coffee on Sunday?").waitFor();
    expect(await partnerTab.page.getByPlaceholder(/message/i).count()).toBe(0);
    await screenshot(partnerTab.page, "suspension-conversation-1280", { fullPage: false });
    const narrow = await newPage(browser, 375);
    await logIn(narrow.page, baseUrl, partner.email, partner.password);
    await narrow.page.goto(conversationUrl);
    await narrow.page.getByText("This member is no longer available").waitFor();
    await screenshot(narrow.page, "suspension-conversation-375", { fullPage: false });

    await admin.page.getByRole("button", { name: "Lift suspension" }).click();
    await admin.page.getByRole("form", { name: `Suspend ${suspect.username}` }).waitFor();
    await partnerTab.page.reload();
    await partnerTab.page
      .getByPlaceholder(/message/i)
      .first()
      .waitFor();
    await logIn(suspectTab.page, baseUrl, suspect.email, suspect.password);

    expect(ignoreExpectedStatuses(admin.errors)).toEqual([]);
    expect(ignoreExpectedStatuses(partnerTab.errors)).toEqual([]);
    for (const tab of [suspectTab, partnerTab, admin, narrow]) await tab.close();
  });

  it("shows the suspension card on a narrow screen", async () => {
    const member = await createVerifiedMember(baseUrl, "narrowban");
    const admin = await newPage(browser, 375);
    await logIn(admin.page, baseUrl, ADMIN.email, ADMIN.password);
    await admin.page.goto(`${baseUrl}/admin/members/${member.uuid}`);
    const form = admin.page.getByRole("form", { name: `Suspend ${member.username}` });
    await form.getByLabel("Reason").fill("Fake photos, reported three times");
    await form.getByRole("button", { name: "Suspend account" }).click();
    await admin.page.getByRole("button", { name: "Lift suspension" }).waitFor();
    await admin.page.getByRole("button", { name: "Lift suspension" }).scrollIntoViewIfNeeded();
    await screenshot(admin.page, "suspension-admin-375", { fullPage: false });
    await admin.close();
  });
});

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn, type Member } from "./members";

const baseUrl = inject("baseUrl");
const ADMIN = { email: "admin@velvethearts.example", password: "admin-password-2026" };
type Shelf = { data: Array<{ id: number; kind: string; credits: number }> };

/** Buys a package on the test gateway's hosted page (as the member's browser would post it); answers its session. */
async function buy(member: Member, kind: string, credits: number) {
  const shelf = await callApi<Shelf>(baseUrl, "GET", "/credit-packages", { token: member.token });
  const item = shelf.body.data.find(
    (entry) => entry.kind === kind && (kind !== "credits" || entry.credits === credits),
  );
  if (!item) throw new Error(`no ${kind} package of ${credits}`);
  const created = await callApi<{ data: { id: string; checkout_url: string } }>(baseUrl, "POST", "/payments", {
    token: member.token,
    body: { package_id: item.id },
  });
  expect(created.status).toBe(201);
  const checkout = new URL(created.body.data.checkout_url);
  const approved = await fetch(`${baseUrl}${checkout.pathname}${checkout.search}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "decision=approve",
    redirect: "manual",
  });
  expect(approved.status).toBe(303);
  await expect
    .poll(
      async () =>
        (
          await callApi<{ data: { status: string } }>(baseUrl, "GET", `/payments/${created.body.data.id}`, {
            token: member.token,
          })
        ).body.data.status,
      { timeout: 10_000, interval: 100 },
    )
    .toBe("paid");
  return { id: created.body.data.id, search: checkout.search };
}

/**
 * In Chromium: an admin refunds a member's payment from their page (a reason, then the
 * confirmation), sees a chargeback's flag, and clears it so the member can buy again.
 */
describe("refunds and chargebacks in the admin console", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("refunds a payment with a reason, shows a chargeback's flag, and clears it", async () => {
    const member = await createVerifiedMember(baseUrl, "refund");
    const refunded = await buy(member, "credits", 500);
    const disputed = await buy(member, "pass", 0);
    // The card holder's bank takes the pass's money back (the test gateway's chargeback trigger).
    const chargeback = await fetch(`${baseUrl}/test-gateway/chargeback${disputed.search}`, { method: "POST" });
    expect(chargeback.status).toBe(202);
    const statusOf = async (id: string) =>
      (await callApi<{ data: { status: string } }>(baseUrl, "GET", `/payments/${id}`, { token: member.token })).body
        .data.status;
    await expect.poll(() => statusOf(disputed.id), { timeout: 10_000, interval: 100 }).toBe("charged_back");
    const blocked = async () =>
      (await callApi(baseUrl, "POST", "/payments", { token: member.token, body: { package_id: 1 } })).status;
    expect(await blocked()).toBe(403);

    const admin = await newPage(browser, 1280);
    await logIn(admin.page, baseUrl, ADMIN.email, ADMIN.password);
    await admin.page.goto(`${baseUrl}/admin/members/${member.uuid}`);
    await admin.page.getByText("Purchases are suspended until this is cleared.").waitFor();
    await admin.page.getByText("charged back", { exact: true }).waitFor();
    await screenshot(admin.page, "refunds-member-flags-1280");

    // On a phone the dialog is a bottom sheet; cancelling it refunds nothing.
    const narrow = await newPage(browser, 375);
    await logIn(narrow.page, baseUrl, ADMIN.email, ADMIN.password);
    await narrow.page.goto(`${baseUrl}/admin/members/${member.uuid}`);
    await narrow.page.getByRole("button", { name: /^Refund Popular/ }).click();
    await narrow.page.getByRole("dialog").getByLabel("Reason").fill("Card used without permission");
    await screenshot(narrow.page, "refunds-dialog-375", { fullPage: false });
    await narrow.page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    expect(await statusOf(refunded.id)).toBe("paid");

    await admin.page.getByRole("button", { name: /^Refund Popular/ }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByText("Refund A$49.95 to").waitFor();
    await dialog.getByRole("button", { name: "Refund A$49.95" }).click();
    await dialog.getByText("The reason field must be at least 3 characters").waitFor();
    await dialog.getByLabel("Reason").fill("Bought by mistake, asked within the hour");
    await screenshot(admin.page, "refunds-dialog-1280", { fullPage: false });
    await dialog.getByRole("button", { name: "Refund A$49.95" }).click();
    await admin.page.getByText(`Refunded A$49.95 to ${member.username}.`).waitFor();
    await admin.page.getByText("refunded", { exact: true }).waitFor();
    expect(await admin.page.getByRole("button", { name: /^Refund / }).count()).toBe(0);
    expect(await statusOf(refunded.id)).toBe("refunded");

    await narrow.page.reload();
    await narrow.page.getByText("refunded", { exact: true }).waitFor();
    await narrow.page.getByText("Purchases are suspended until this is cleared.").waitFor();
    await screenshot(narrow.page, "refunds-member-375");
    // Nothing widens the page on a phone (the tables scroll inside their panels).
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

    await admin.page.getByRole("button", { name: "Clear the chargeback flag" }).click();
    await admin.page.getByText(`Cleared: ${member.username} can buy again.`).waitFor();
    await expect.poll(() => admin.page.getByText("Purchases are suspended until this is cleared.").count()).toBe(0);
    expect(await blocked()).toBe(201);

    expect(ignoreExpectedStatuses(admin.errors)).toEqual([]);
    expect(ignoreExpectedStatuses(narrow.errors)).toEqual([]);
  }, 90_000);
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTrustPaySimulator, type TrustPaySimulator } from "../apps/server/src/test/trustpay-simulator";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import { createVerifiedMember, logIn, type Member } from "./members";
import { type E2eServer, startE2eServer } from "./server-process";

/**
 * The card gateway end to end: a server of its own with PAYMENT_GATEWAY=trustpay, pointed at the TrustPay
 * simulator, which notifies the server at the NotificationUrl the checkout gave it, as TrustPay would.
 */
describe("buying credits with TrustPay in Chromium", () => {
  let browser: Browser;
  let simulator: TrustPaySimulator;
  let server: E2eServer;
  let buyer: Member;
  let friend: Member;
  beforeAll(async () => {
    simulator = await startTrustPaySimulator({ retryMs: 100 });
    [browser, server] = await Promise.all([launchBrowser(), startE2eServer(simulator.env())]);
    [buyer, friend] = await Promise.all([
      createVerifiedMember(server.url, "tpbuyer"),
      createVerifiedMember(server.url, "tpfriend"),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  /** From the store to TrustPay's hosted page for the given package. */
  async function toTrustPay(page: Page, choose: RegExp, pay: string) {
    await page.goto(`${server.url}/credits/package`);
    await page.getByRole("button", { name: choose }).click();
    await page.waitForURL(`${server.url}/credits/buy`);
    await page.getByRole("button", { name: pay }).click();
    await page.waitForURL((url) => url.href.startsWith(`${simulator.url}/mapi5/Card/PayPopup?`));
    await page.getByRole("button", { name: "Approve payment" }).waitFor();
  }

  it("buys a package: store → TrustPay → approve → /trustpay-status waits for the notification → credits live → a message", async () => {
    const { page, errors, close } = await newPage(browser, 375);
    // Another tab, left open on the dashboard: its header must follow CreditsEarned without a reload.
    const watching = await newPage(browser, 1280);
    await Promise.all([
      logIn(page, server.url, buyer.email, buyer.password),
      logIn(watching.page, server.url, buyer.email, buyer.password),
    ]);
    await page.getByRole("link", { name: /^Account balance: 10 credits/ }).waitFor();
    await watching.page.goto(`${server.url}/dashboard`);
    await watching.page.waitForSelector("html[data-realtime-state=connected]");
    await watching.page.evaluate(() => {
      (window as unknown as { stayedOpen: boolean }).stayedOpen = true;
    });

    await toTrustPay(page, /^Choose Popular, 500 credits for A\$49\.95/, "Pay A$49.95 securely");
    await screenshot(page, "trustpay-page-375");
    // TrustPay's notification is held back: the member is home before it.
    simulator.state.hold = true;
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL((url) => url.pathname === "/trustpay-status" && url.searchParams.get("ResultCode") === "0");
    await page.getByRole("heading", { name: "Payment approved" }).waitFor();
    await page.getByText("as soon as TrustPay confirms it").waitFor();
    await page.getByRole("link", { name: /^Account balance: 10 credits/ }).waitFor();
    await screenshot(page, "trustpay-status-approved-375");

    simulator.state.hold = false;
    simulator.release();
    await page.getByRole("heading", { name: "Payment successful" }).waitFor({ timeout: 15_000 });
    await page.getByText("575 credits were added to your balance.").waitFor();
    await page.getByRole("link", { name: /^Account balance: 585 credits/ }).waitFor({ timeout: 10_000 });
    await screenshot(page, "trustpay-status-paid-375");
    await watching.page.getByRole("link", { name: /^Account balance: 585 credits/ }).waitFor({ timeout: 10_000 });
    expect(await watching.page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
    expect(ignoreExpectedStatuses(watching.errors)).toEqual([]);
    await watching.close();

    // The credits buy a message.
    await page.goto(`${server.url}/profile/${friend.uuid}`);
    await page.getByRole("button", { name: "Message", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Say hi to ${friend.username}` });
    await dialog.getByRole("textbox").fill("Paid with TrustPay, hello!");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await page.getByText("Paid with TrustPay, hello!").waitFor();
    await page.getByRole("link", { name: /^Account balance: 584 credits/ }).waitFor();

    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("shows a cancelled and a declined payment, and credits nothing", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, server.url, buyer.email, buyer.password);
    const balance = page.getByRole("link", { name: /^Account balance: 584 credits/ });
    await balance.waitFor();

    await toTrustPay(page, /^Choose Starter, 100 credits/, "Pay A$14.95 securely");
    await screenshot(page, "trustpay-page-1280");
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await page.getByRole("heading", { name: "Payment cancelled" }).waitFor();
    await page.getByText("your card was not charged").waitFor();
    await screenshot(page, "trustpay-status-cancelled-1280");
    await page.getByRole("link", { name: "Choose a package" }).click();
    await page.waitForURL(`${server.url}/credits/package`);

    await toTrustPay(page, /^Choose Starter, 100 credits/, "Pay A$14.95 securely");
    await page.getByRole("button", { name: "Decline payment" }).click();
    await page.waitForURL((url) => url.pathname === "/trustpay-status");
    await page.getByRole("heading", { name: "Payment declined" }).waitFor();
    await page.getByRole("link", { name: "Try again" }).waitFor();
    await screenshot(page, "trustpay-status-declined-1280");
    await balance.waitFor();

    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });
});

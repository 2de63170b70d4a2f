import { generateSync } from "otplib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn, type Member } from "./members";

const baseUrl = inject("baseUrl");
/** Chooses a product on /credits/package, pays for it on the test gateway's page and waits for the result. */
async function buy(page: Page, choose: { name: string | RegExp }, pay: string) {
  await page.goto(`${baseUrl}/credits/package`);
  await page.getByRole("heading", { name: "Choose your package" }).waitFor();
  await page.getByRole("button", choose).click();
  await page.waitForURL(`${baseUrl}/credits/buy`);
  await page.getByRole("heading", { name: "Checkout" }).waitFor();
  await page.getByRole("button", { name: pay }).click();
  await page.waitForURL(/\/test-gateway\/checkout\?session=/);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await page.waitForURL(/\/payment-status\?payment=/);
  await page.getByRole("heading", { name: "Payment successful" }).waitFor({ timeout: 15_000 });
}

/**
 * Starts buying Starter, then loses the session on the test gateway's page (as a browser that dropped its storage
 * would: no token, no refresh cookie; only the checkout's own cookie is left) and approves the payment there.
 */
async function payAfterLosingTheSession(page: Page) {
  await page.goto(`${baseUrl}/credits/package`);
  await page.getByRole("button", { name: /^Choose Starter, 100 credits/ }).click();
  await page.getByRole("button", { name: "Pay A$14.95 securely" }).click();
  await page.waitForURL(/\/test-gateway\/checkout\?session=/);
  await page.evaluate(() => {
    localStorage.removeItem("auth._token.local");
    localStorage.removeItem("auth.user");
  });
  await page.context().clearCookies({ name: "velvet_refresh" });
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("velvet_checkout");
  await page.getByRole("button", { name: "Approve payment" }).click();
}

describe("buying credits in Chromium", () => {
  let browser: Browser;
  let buyer: Member;
  beforeAll(async () => {
    browser = await launchBrowser();
    buyer = await createVerifiedMember(baseUrl, "buyer");
  });
  afterAll(() => browser?.close());

  it("sends /credits/buy without a chosen package to /credits/package", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, buyer.email, buyer.password);
    await page.goto(`${baseUrl}/credits/buy`);
    await page.waitForURL(`${baseUrl}/credits/package`);
    await page.getByRole("heading", { name: "Choose your package" }).waitFor();
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("buys a package through the test gateway while another tab's balance changes without a reload, then the pass shows 24h", async () => {
    const watching = await newPage(browser, 1280);
    const shopping = await newPage(browser, 375);
    await Promise.all([
      logIn(watching.page, baseUrl, buyer.email, buyer.password),
      logIn(shopping.page, baseUrl, buyer.email, buyer.password),
    ]);
    await watching.page.goto(`${baseUrl}/dashboard`);
    await watching.page.waitForSelector("html[data-realtime-state=connected]");
    // The welcome credits of a verified member.
    await watching.page.getByRole("link", { name: /^Account balance: 10 credits/ }).waitFor();
    // Gone if the page reloads: proof that what follows arrives live.
    await watching.page.evaluate(() => {
      (window as unknown as { stayedOpen: boolean }).stayedOpen = true;
    });

    await buy(shopping.page, { name: /^Choose Popular, 500 credits for A\$49\.95/ }, "Pay A$49.95 securely");
    await shopping.page.getByText("575 credits were added to your balance.").waitFor();
    await screenshot(shopping.page, "payment-status-paid-375");
    await watching.page.getByRole("link", { name: /^Account balance: 585 credits/ }).waitFor({ timeout: 10_000 });

    await buy(shopping.page, { name: "Get the pass" }, "Pay A$24.95 securely");
    await shopping.page.getByText("Your 24-hour pass is active").waitFor();
    const balance = watching.page.getByRole("link", { name: /^Account balance: 24-hour pass/ });
    await balance.waitFor({ timeout: 10_000 });
    expect(await balance.innerText()).toContain("24h");
    expect(await watching.page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
    await screenshot(watching.page, "payment-navbar-24h-1280");

    expect(ignoreExpectedStatuses(watching.errors)).toEqual([]);
    expect(ignoreExpectedStatuses(shopping.errors)).toEqual([]);
    await Promise.all([watching.close(), shopping.close()]);
  });

  it("shows a declined payment and lets the member try again", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, buyer.email, buyer.password);
    await page.goto(`${baseUrl}/credits/package`);
    await page.getByRole("button", { name: /^Choose Starter, 100 credits/ }).click();
    await page.getByRole("button", { name: "Pay A$14.95 securely" }).click();
    await page.waitForURL(/\/test-gateway\/checkout/);
    await screenshot(page, "payment-test-gateway-1280");
    await page.getByRole("button", { name: "Decline payment" }).click();
    await page.getByRole("heading", { name: "Payment declined" }).waitFor({ timeout: 15_000 });
    await page.getByRole("link", { name: "Try again" }).click();
    await page.waitForURL(`${baseUrl}/credits/package`);
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("signs the buyer back in from the payment's return link through the checkout's cookie", async () => {
    const returning = await createVerifiedMember(baseUrl, "returning");
    const { page, errors, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, returning.email, returning.password);
    await payAfterLosingTheSession(page);
    await page.waitForURL(`${baseUrl}/dashboard`);
    // Signed in again as the buyer: their balance, with the 100 credits once the notification lands.
    await page.getByRole("link", { name: /^Account balance: 110 credits/ }).waitFor({ timeout: 15_000 });
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("asks a two-factor buyer coming back from the payment for their code before signing them in", async () => {
    const careful = await createVerifiedMember(baseUrl, "careful");
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, careful.email, careful.password);
    const setup = await callApi<{ data: { secret: string } }>(baseUrl, "POST", "/account/two-factor/setup", {
      token: careful.token,
      body: { password: careful.password },
    });
    const { secret } = setup.body.data;
    const enabled = await callApi(baseUrl, "POST", "/account/two-factor/enable", {
      token: careful.token,
      body: { password: careful.password, code: generateSync({ secret }) },
    });
    expect(enabled.status).toBe(200);

    await payAfterLosingTheSession(page);
    await page.waitForURL((url) => url.pathname === "/login");
    const step = page.getByRole("form", { name: "Two-factor sign-in" });
    await step.getByLabel("Authentication code").waitFor();
    await screenshot(page, "payment-return-two-factor-1280");
    expect(await page.evaluate(() => localStorage.getItem("auth._token.local"))).toBeNull();
    // The next 30-second step's code: the one that turned it on counts once.
    await step
      .getByLabel("Authentication code")
      .fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await step.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole("link", { name: /^Account balance: 110 credits/ }).waitFor({ timeout: 15_000 });
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("refunds a payment that goes over a limit set while its checkout was open, and the page says why", async () => {
    const buyer = await createVerifiedMember(baseUrl, "limited");
    const { page, errors, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, buyer.email, buyer.password);
    await page.goto(`${baseUrl}/credits/package`);
    await page.getByRole("button", { name: /^Choose Starter, 100 credits/ }).click();
    await page.getByRole("button", { name: "Pay A$14.95 securely" }).click();
    await page.waitForURL(/\/test-gateway\/checkout\?session=/);
    // A$10 a month, chosen in another tab while the gateway's page was open.
    const limited = await callApi(baseUrl, "PUT", "/account/spending-limit", {
      token: buyer.token,
      body: { monthly_limit_cents: 1_000 },
    });
    expect(limited.status).toBe(200);
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.getByRole("heading", { name: "Payment refunded" }).waitFor({ timeout: 15_000 });
    await page.getByText(/over your monthly spending limit, so we refunded it in full/).waitFor();
    await page.getByRole("link", { name: "My spending controls" }).waitFor();
    await screenshot(page, "payment-refunded-over-limit-375");
    await page.getByRole("link", { name: /^Account balance: 10 credits/ }).waitFor();
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("offers free credits once to a member who starts deleting their account", async () => {
    const leaver = await createVerifiedMember(baseUrl, "leaver");
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, leaver.email, leaver.password);
    await page.goto(`${baseUrl}/account`);
    await page.getByRole("button", { name: "Delete account" }).click();
    const offer = page.getByRole("region", { name: "An offer before you go" });
    await offer.getByText("100 free credits, on us").waitFor();
    await screenshot(page, "account-deletion-offer-1280");
    await offer.getByRole("button", { name: "Take 100 free credits" }).click();
    await page.getByText("100 free credits are in your balance.").waitFor();
    // 10 welcome credits and the 100 taken.
    await page.getByRole("link", { name: /^Account balance: 110 credits/ }).waitFor();
    // Once only: the next attempt goes straight to the password.
    await page.getByRole("button", { name: "Delete account" }).click();
    await page.getByLabel("Confirm with your password").waitFor();
    expect(await offer.count()).toBe(0);
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  for (const width of [375, 1280]) {
    it(`lays out the store, prices and VIP pages at ${width} px`, async () => {
      const member = await newPage(browser, width);
      await logIn(member.page, baseUrl, buyer.email, buyer.password);
      await member.page.goto(`${baseUrl}/credits/package`);
      await member.page.getByRole("region", { name: "Credit packages" }).waitFor();
      await member.page.getByRole("img", { name: "Present box with 2,500 credits" }).first().waitFor();
      await screenshot(member.page, `credits-package-${width}`);
      await member.page.goto(`${baseUrl}/credits/buy`);
      await member.page.waitForURL(`${baseUrl}/credits/package`);

      const visitor = await newPage(browser, width);
      await visitor.page.goto(`${baseUrl}/prices`);
      await visitor.page.getByRole("heading", { name: "Simple, pay-as-you-go" }).waitFor();
      await visitor.page.getByRole("cell", { name: "1 credit" }).waitFor();
      await visitor.page.getByRole("region", { name: "Credit packages" }).waitFor();
      await screenshot(visitor.page, `prices-${width}`);
      await visitor.page.goto(`${baseUrl}/vip`);
      await visitor.page.getByRole("heading", { name: "Become VIP" }).waitFor();
      await visitor.page.getByRole("heading", { name: "Credits to start with" }).waitFor();
      await visitor.page.getByText(/and 200 credits to start with/).waitFor();
      await screenshot(visitor.page, `vip-${width}`);
      await visitor.page.goto(`${baseUrl}/how-to-pay`);
      await visitor.page.getByRole("img", { name: "Mastercard" }).first().waitFor();
      await screenshot(visitor.page, `how-to-pay-${width}`);

      expect(ignoreExpectedStatuses(member.errors)).toEqual([]);
      expect(ignoreExpectedStatuses(visitor.errors)).toEqual([]);
      await Promise.all([member.close(), visitor.close()]);
    });
  }
});

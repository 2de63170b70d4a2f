import { randomUUID } from "node:crypto";
import { generateSync } from "otplib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn, type Member } from "./members";

const baseUrl = inject("baseUrl");

/** Safety tools in reach, walked as a member in Chromium. */
describe("safety tools in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** `from` writes to `to`; the conversation's uuid. */
  async function conversationBetween(from: Member, to: Member): Promise<string> {
    const sent = await callApi<{ data: { conversation: string } }>(baseUrl, "POST", `/profiles/${to.uuid}/messages`, {
      token: from.token,
      body: { type: "text", text: "Hi there, how is your week going?", client_id: randomUUID() },
    });
    expect(sent.status).toBe(201);
    return sent.body.data.conversation;
  }

  for (const width of [375, 1280]) {
    it(`reports from the conversation header, at ${width} px`, async () => {
      const [me, them] = await Promise.all([
        createVerifiedMember(baseUrl, "reporter"),
        createVerifiedMember(baseUrl, "reported"),
      ]);
      const conversation = await conversationBetween(them, me);
      const { page, errors, close } = await newPage(browser, width);
      try {
        await logIn(page, baseUrl, me.email, me.password);
        await page.goto(`${baseUrl}/messages/${conversation}`);
        await page.getByRole("button", { name: "More options" }).click();
        const menu = page.getByRole("menu");
        await menu.getByRole("menuitem", { name: `Report ${them.username}` }).waitFor();
        await screenshot(page, `safety-conversation-menu-${width}`, { fullPage: false });
        await menu.getByRole("menuitem", { name: `Report ${them.username}` }).click();

        const dialog = page.getByRole("dialog", { name: `Report ${them.username}` });
        await dialog.getByLabel("What happened?").fill("Asked me for money on the first message.");
        await screenshot(page, `safety-report-dialog-${width}`, { fullPage: false });
        await dialog.getByRole("button", { name: "Send report" }).click();
        await dialog.getByRole("status").waitFor();
        await dialog.getByRole("button", { name: "Done" }).click();
        await dialog.waitFor({ state: "detached" });
        expect(new URL(page.url()).pathname).toBe(`/messages/${conversation}`);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`blocks from the conversation header after asking, lists them in Blocked members and unblocks, at ${width} px`, async () => {
      const [me, them] = await Promise.all([
        createVerifiedMember(baseUrl, "blocker"),
        createVerifiedMember(baseUrl, "blockee"),
      ]);
      const conversation = await conversationBetween(them, me);
      const { page, errors, close } = await newPage(browser, width);
      try {
        await logIn(page, baseUrl, me.email, me.password);
        await page.goto(`${baseUrl}/messages/${conversation}`);
        await page.getByRole("button", { name: "More options" }).click();
        await page.getByRole("menuitem", { name: `Block ${them.username}` }).click();

        const dialog = page.getByRole("dialog", { name: `Block ${them.username}?` });
        await dialog
          .getByText(
            "They won't be able to see your profile or message you. You can unblock them in Account settings → Blocked members.",
          )
          .waitFor();
        await screenshot(page, `safety-block-dialog-${width}`, { fullPage: false });
        // Asking first: cancelling blocks no one.
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        expect((await callApi(baseUrl, "GET", "/blocks", { token: me.token })).body).toMatchObject({ data: [] });

        await page.getByRole("button", { name: "More options" }).click();
        await page.getByRole("menuitem", { name: `Block ${them.username}` }).click();
        await dialog.getByRole("button", { name: `Block ${them.username}` }).click();
        await page.waitForURL((url) => url.pathname === "/messages");
        await expect.poll(() => page.getByRole("link", { name: new RegExp(them.username) }).count()).toBe(0);
        // The blocked member can no longer write.
        const refused = await callApi(baseUrl, "POST", `/profiles/${me.uuid}/messages`, {
          token: them.token,
          body: { type: "text", text: "Hello again?", client_id: randomUUID() },
        });
        expect(refused.status).toBe(404);

        await page.goto(`${baseUrl}/account`);
        await page.getByRole("navigation", { name: "Privacy and safety" }).waitFor();
        await page.waitForLoadState("networkidle");
        await screenshot(page, `safety-account-${width}`);
        await page.getByRole("link", { name: /Blocked members/ }).click();
        await page.waitForURL((url) => url.pathname === "/account/blocked-members");
        const list = page.getByRole("list", { name: "Blocked members" });
        await list.getByText(them.username).waitFor();
        await page.waitForLoadState("networkidle");
        await screenshot(page, `safety-blocked-members-${width}`);

        await list.getByRole("button", { name: `Unblock ${them.username}` }).click();
        await page.getByText(`${them.username} is unblocked.`).waitFor();
        await page.getByText("You haven't blocked anyone.").waitFor();
        const profile = await callApi(baseUrl, "GET", `/profiles/${them.uuid}`, { token: me.token });
        expect(profile.status).toBe(200);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it("lists two signed-in devices and signs the other out: it ends up at /login", async () => {
    const me = await createVerifiedMember(baseUrl, "twodevices");
    const laptop = await newPage(browser, 1280);
    const phone = await newPage(browser, 375);
    try {
      await logIn(phone.page, baseUrl, me.email, me.password);
      await logIn(laptop.page, baseUrl, me.email, me.password);
      // Three devices: the registration's own session (the API's token), the phone and this laptop.
      await laptop.page.goto(`${baseUrl}/account`);
      await laptop.page.getByRole("link", { name: /Devices/ }).click();
      await laptop.page.waitForURL((url) => url.pathname === "/account/devices");
      const devices = laptop.page.getByRole("list", { name: "Signed-in devices" });
      await devices.getByText("This device").waitFor();
      expect(await devices.getByRole("listitem").count()).toBe(3);
      await laptop.page.waitForLoadState("networkidle");
      await screenshot(laptop.page, "safety-devices-1280");

      // Sign out the phone: the other device signed in through the browser most recently before this one.
      const phoneRow = devices.getByRole("listitem").filter({ hasNotText: "This device" }).first();
      await phoneRow.getByRole("button", { name: /^Sign out/ }).click();
      await laptop.page.getByText("is signed out.").waitFor();
      await expect.poll(() => devices.getByRole("listitem").count()).toBe(2);

      // Its real-time connection closed at once (4010) and the web app found its session over; its next page
      // is the sign-in page, since its refresh token ended too.
      await phone.page.waitForSelector("html:not([data-realtime-state=connected])", { timeout: 10_000 });
      await phone.page.waitForFunction(() => localStorage.getItem("auth._token.local") === null, null, {
        timeout: 10_000,
      });
      await phone.page.goto(`${baseUrl}/messages`);
      await phone.page.waitForURL((url) => url.pathname === "/login", { timeout: 15_000 });

      await laptop.page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await laptop.page.getByText("1 other device is signed out.").waitFor();
      await laptop.page.getByText("You are signed in on this device only.").waitFor();
      await expect.poll(() => devices.getByRole("listitem").count()).toBe(1);
      expect((await callApi(baseUrl, "POST", "/me", { token: me.token })).status).toBe(401);

      await phone.page.goto(`${baseUrl}/login`);
      await logIn(phone.page, baseUrl, me.email, me.password);
      await phone.page.goto(`${baseUrl}/account/devices`);
      await phone.page.getByRole("list", { name: "Signed-in devices" }).getByText("This device").waitFor();
      await phone.page.waitForLoadState("networkidle");
      await screenshot(phone.page, "safety-devices-375");
      expect(laptop.errors).toEqual([]);
    } finally {
      await laptop.close();
      await phone.close();
    }
  });

  for (const width of [375, 1280]) {
    it(`asks before deactivating, and Cancel changes nothing, at ${width} px`, async () => {
      const me = await createVerifiedMember(baseUrl, "deactivator");
      const { page, errors, close } = await newPage(browser, width);
      try {
        await logIn(page, baseUrl, me.email, me.password);
        await page.goto(`${baseUrl}/account`);
        await page.getByRole("button", { name: "Deactivate account" }).click();
        const dialog = page.getByRole("dialog", { name: "Deactivate your account?" });
        await dialog.getByText("You are signed out on every other device.").waitFor();
        await screenshot(page, `safety-deactivate-dialog-${width}`, { fullPage: false });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        const still = await callApi<{ data: { deactivated: boolean } }>(baseUrl, "POST", "/me", { token: me.token });
        expect(still.body.data.deactivated).toBe(false);

        expect(errors).toEqual([]);

        await page.getByRole("button", { name: "Deactivate account" }).click();
        await dialog.getByRole("button", { name: "Deactivate account" }).click();
        await page.waitForURL((url) => url.pathname === "/deactivated");
        // Deactivating confines the session at once: a background request of the page being left (the bell's
        // count, say) that was already on its way is answered 401 or 403. Nothing else may fail.
        expect(errors.filter((message) => !/status of 40[13]\b/.test(message))).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it("turns on two-factor sign-in with a QR code, then signs in with the password and a code", async () => {
    const me = await createVerifiedMember(baseUrl, "twofactor");
    const settings = await newPage(browser, 1280);
    const phone = await newPage(browser, 375);
    try {
      await logIn(settings.page, baseUrl, me.email, me.password);
      await settings.page.goto(`${baseUrl}/account`);
      await settings.page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await settings.page.getByLabel("Your password").fill(me.password);
      await settings.page.getByRole("button", { name: "Continue" }).click();
      await settings.page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
      await screenshot(settings.page, "safety-two-factor-scan-1280");
      const secret = (await settings.page.getByTestId("two-factor-secret").innerText()).trim();
      await settings.page.getByLabel("Code from the app").fill(generateSync({ secret }));
      // The two-factor form's own button: the notification settings on the same page have a "Turn on" too.
      const scanForm = settings.page.locator("form").filter({ has: settings.page.getByLabel("Code from the app") });
      await scanForm.getByRole("button", { name: "Turn on", exact: true }).click();
      const codes = settings.page.getByRole("list", { name: "Recovery codes" });
      await codes.waitFor();
      expect(await codes.getByRole("listitem").count()).toBe(10);
      await screenshot(settings.page, "safety-two-factor-codes-1280");
      await settings.page.getByRole("button", { name: "I have saved them" }).click();
      await settings.page.getByText("10 recovery codes left.").waitFor();

      // Signing in elsewhere: the password, then the code (of the next 30-second step: a code counts once).
      await phone.page.goto(`${baseUrl}/login`);
      await phone.page.getByLabel("Email").fill(me.email);
      await phone.page.getByLabel("Password").fill(me.password);
      await phone.page.getByRole("button", { name: "Log In" }).click();
      const step = phone.page.getByRole("form", { name: "Two-factor sign-in" });
      await step.getByLabel("Authentication code").waitFor();
      await screenshot(phone.page, "safety-two-factor-login-375");
      await step.getByLabel("Authentication code").fill("000000");
      await step.getByRole("button", { name: "Verify" }).click();
      await step.getByText("The code is not valid. Please try again.").waitFor();
      const next = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      await step.getByLabel("Authentication code").fill(next);
      await step.getByRole("button", { name: "Verify" }).click();
      await phone.page.waitForURL((url) => !url.pathname.startsWith("/login"));
      await phone.page.waitForSelector("html[data-realtime-state=connected]");
      expect(settings.errors).toEqual([]);
    } finally {
      await settings.close();
      await phone.close();
    }
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createUnverifiedMember, createVerifiedMember, DEMO_OPERATOR, logIn } from "./members";

const baseUrl = inject("baseUrl");
const ADMIN = { email: "admin@velvethearts.example", password: "admin-password-2026" };

/** Signs in through the form without waiting for the real-time connection (a console may not open one). */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Right edge of one box is left of the other's left edge, or they sit on different rows. */
function apart(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  const sameRow = a.y < b.y + b.height && b.y < a.y + a.height;
  return !sameRow || a.x + a.width <= b.x || b.x + b.width <= a.x;
}

describe("a member's first day in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("completion names the fields still needed, takes Unknown colours, then goes on to the dashboard", async () => {
    const member = await createVerifiedMember(baseUrl, "newbie");
    const { page, errors, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, member.email, member.password);
    await page.waitForURL(`${baseUrl}/profile/complete`);
    await page.getByLabel("Headline").fill("Sunsets and good coffee");
    // Eye and hair colour stay at "Unknown".
    expect(await page.getByLabel("Eye color").inputValue()).toBe("1");
    expect(await page.getByLabel("Hair color").inputValue()).toBe("1");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page
      .getByText(
        "Your profile has been saved. Still needed to finish it: About me, State, Relationship status, Looking for.",
      )
      .waitFor();
    await page.getByText("The about me field is required.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/profile/complete");
    // The answer sits at the top of a long form: it is brought into view, a screen away on a phone.
    await page.waitForFunction(() => {
      const box = Array.from(document.querySelectorAll('[role="alert"]'))
        .find((node) => node.textContent?.includes("Still needed"))
        ?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    // Let the smooth scroll come to rest before the picture.
    await page.waitForFunction(
      () =>
        new Promise((resolve) => {
          const before = window.scrollY;
          setTimeout(() => resolve(window.scrollY === before), 200);
        }),
    );
    await screenshot(page, "first-day-complete-missing-375", { fullPage: false });

    await page.getByLabel("About me").fill("Beach walks and bad puns.");
    await page.getByLabel("State").selectOption("NSW");
    await page.getByLabel("Relationship status").selectOption({ label: "Single" });
    await page.getByLabel("Looking for").selectOption({ label: "Something serious" });
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    expect(errors).toEqual([]);
    await close();

    const own = await callApi<{ data: { profile_complete: boolean; eye_color: number } }>(baseUrl, "GET", "/profile", {
      token: member.token,
    });
    expect(own.body.data).toMatchObject({ profile_complete: true, eye_color: 1 });
  });

  it("shows the completion page at 1280 px with what is missing", async () => {
    const member = await createVerifiedMember(baseUrl, "wide");
    const { page, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, member.email, member.password);
    await page.waitForURL(`${baseUrl}/profile/complete`);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByText(/Still needed to finish it: Headline, About me/).waitFor();
    await screenshot(page, "first-day-complete-missing-1280");
    await close();
  });

  it("tells an unconfirmed member why they cannot chat, with Resend (limited) and Change address", async () => {
    const newcomer = await createUnverifiedMember(baseUrl, "unconf");
    const sam = await createVerifiedMember(baseUrl, "samconf");
    const { page, errors, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, newcomer.email, newcomer.password);

    const banner = page.getByRole("region", { name: "Confirm your email" });
    await banner.getByText(`Confirm your email to start chatting, we sent a link to ${newcomer.email}.`).waitFor();
    await screenshot(page, "first-day-unconfirmed-banner-375", { fullPage: false });

    // Three more links an hour, then the wait in words.
    for (let attempt = 0; attempt < 3; attempt++) {
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/email/resend"));
      await banner.getByRole("button", { name: "Resend" }).click();
      expect((await answered).status()).toBe(200);
      await banner.getByText(`We sent a new link to ${newcomer.email}.`).waitFor();
    }
    await banner.getByRole("button", { name: "Resend" }).click();
    await banner.getByText(/You can ask for another one in (59|60) minutes\./).waitFor();

    // The first message: no failing send and no "Try again", the same two ways forward instead.
    await page.goto(`${baseUrl}/profile/${sam.uuid}`);
    await page.getByRole("button", { name: "Message", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Say hi to ${sam.username}` });
    await dialog.getByText("Confirm your email to send messages.").waitFor();
    await dialog.getByRole("textbox").fill("Hi Sam!");
    expect(await dialog.getByRole("button", { name: "Send message" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Try again" }).count()).toBe(0);
    await screenshot(page, "first-day-unconfirmed-say-hi-375", { fullPage: false });

    await dialog.getByRole("link", { name: "Change address" }).click();
    await page.waitForURL(`${baseUrl}/account#email`);
    await page.waitForFunction(() => document.activeElement?.getAttribute("type") === "email");
    // The browser logs the fourth resend's 429 itself; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes("status of 429"))).toEqual([]);
    await close();

    const wide = await newPage(browser, 1280);
    await logIn(wide.page, baseUrl, newcomer.email, newcomer.password);
    await wide.page.getByRole("region", { name: "Confirm your email" }).waitFor();
    await screenshot(wide.page, "first-day-unconfirmed-banner-1280", { fullPage: false });
    await wide.close();
  });

  it("sends a member whose session ended elsewhere to sign in, with a reason, and back to the page", async () => {
    const member = await createVerifiedMember(baseUrl, "elsewhere");
    for (const width of [375, 1280]) {
      const { page, close } = await newPage(browser, width);
      await logIn(page, baseUrl, member.email, member.password);
      await page.goto(`${baseUrl}/my-favorites`);
      await page.waitForLoadState("networkidle");

      // Another device changes the password: every other session ends, this one included.
      const newPassword = `evening-${width}-velvet-2026`;
      const changed = await callApi<{ data: { access_token: string } }>(baseUrl, "PUT", "/account/password", {
        token: member.token,
        body: { current_password: member.password, password: newPassword, password_confirmation: newPassword },
      });
      expect(changed.status).toBe(200);
      member.password = newPassword;
      member.token = changed.body.data.access_token;

      await page.goto(`${baseUrl}/my-visitors`);
      await page.waitForURL((url) => url.pathname === "/login");
      const url = new URL(page.url());
      expect(url.searchParams.get("redirect")).toBe("/my-visitors");
      await page.getByText("You were signed out. Please sign in again.").waitFor();
      await screenshot(page, `first-day-signed-out-${width}`);
      await signIn(page, member.email, member.password);
      await page.waitForURL(`${baseUrl}/my-visitors`);
      await close();
    }
  });

  it("sends a member whose session ends while on a page to sign in, from any request", async () => {
    const member = await createVerifiedMember(baseUrl, "midpage");
    const { page, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/messages`);
    await page.waitForLoadState("networkidle");
    const newPassword = "midpage-velvet-2026";
    const changed = await callApi(baseUrl, "PUT", "/account/password", {
      token: member.token,
      body: { current_password: member.password, password: newPassword, password_confirmation: newPassword },
    });
    expect(changed.status).toBe(200);
    // A click inside the app (no page load): the page's own request meets the ended session.
    await page.getByRole("navigation", { name: "Account menu" }).getByRole("link", { name: "My visitors" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("reason")).toBe("signed-out");
    await page.getByText("You were signed out. Please sign in again.").waitFor();
    expect(await page.getByText("We couldn't load").count()).toBe(0);
    await close();
  });

  it("keeps the message when credits run out and, after buying, returns to the conversation with it ready", async () => {
    const [casey, jordan] = await Promise.all([
      createVerifiedMember(baseUrl, "broke"),
      createVerifiedMember(baseUrl, "jordanb"),
    ]);
    // Spend the welcome credits, one message at a time, whatever the configured price.
    const prices = await callApi<{ data: Array<{ type: string; credits: number }> }>(baseUrl, "GET", "/credit-prices");
    const textPrice = prices.body.data.find((price) => price.type === "text")?.credits ?? 1;
    const me = await callApi<{ data: { credits: number } }>(baseUrl, "POST", "/me", { token: casey.token });
    let conversationUuid = "";
    for (let sent = 0; sent < Math.floor(me.body.data.credits / textPrice); sent++) {
      const reply = await callApi<{ data: { conversation: string } }>(
        baseUrl,
        "POST",
        `/profiles/${jordan.uuid}/messages`,
        { token: casey.token, body: { type: "text", text: `Message ${sent + 1}`, client_id: crypto.randomUUID() } },
      );
      expect(reply.status).toBe(201);
      conversationUuid = reply.body.data.conversation;
    }

    const { page, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, casey.email, casey.password);
    await page.goto(`${baseUrl}/messages/${conversationUuid}`);
    const box = page.getByRole("textbox", { name: /^Message to / });
    await box.fill("Dinner on Friday?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Not enough credits" });
    await alert.waitFor();
    await screenshot(page, "first-day-out-of-credits-375", { fullPage: false });

    await alert.getByRole("link", { name: "Buy credits" }).click();
    await page.waitForURL(`${baseUrl}/credits/package`);
    await page.getByRole("button", { name: /^Choose Starter, 100 credits/ }).click();
    await page.waitForURL(`${baseUrl}/credits/buy`);
    await page.getByRole("button", { name: "Pay A$14.95 securely" }).click();
    await page.waitForURL(/\/test-gateway\/checkout\?session=/);
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.getByRole("heading", { name: "Payment successful" }).waitFor({ timeout: 15_000 });
    await screenshot(page, "first-day-paid-back-375", { fullPage: false });

    await page.getByRole("link", { name: "Back to your conversation" }).click();
    await page.waitForURL(`${baseUrl}/messages/${conversationUuid}`);
    await expect(box.inputValue()).resolves.toBe("Dinner on Friday?");
    const sent = page.waitForResponse((response) =>
      response.url().endsWith(`/user-conversations/${conversationUuid}/messages`),
    );
    await page.getByRole("button", { name: "Send", exact: true }).click();
    expect((await sent).status()).toBe(201);
    await page.getByText("Dinner on Friday?").waitFor();
    await expect(box.inputValue()).resolves.toBe("");
    await close();
  });

  it("takes staff to their console after sign-in, not to profile completion", async () => {
    for (const [staff, home] of [
      [DEMO_OPERATOR, "/operator"],
      [ADMIN, "/admin"],
    ] as const) {
      const { page, close } = await newPage(browser, 1280);
      await page.goto(`${baseUrl}/login`);
      await signIn(page, staff.email, staff.password);
      await page.waitForURL((url) => url.pathname.startsWith(home));
      expect(new URL(page.url()).pathname).not.toBe("/profile/complete");
      await close();
    }
  });

  it("truncates a long username in the account strip at 1280 px, with the full name as its title", async () => {
    const longName = "Maximiliana_Wolfeschlegelsteinhausen";
    expect(longName.length).toBeGreaterThan(30);
    for (const width of [1280, 375]) {
      const { page, close } = await newPage(browser, width);
      // The admin has the most entries in the strip; the name comes from /api/me as the app reads it.
      await page.route("**/api/me", async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { username: string } };
        await route.fulfill({ response, json: { ...body, data: { ...body.data, username: longName } } });
      });
      await page.goto(`${baseUrl}/login`);
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto(`${baseUrl}/my-profile`);
      const strip = page.getByRole("region", { name: "Your account" });
      const nameLink = strip.locator(`a[title="${longName}"]`);
      await nameLink.waitFor();
      const name = nameLink.getByText(longName);
      // Cut with an ellipsis: the text is wider than the room it has, and what does not fit is hidden.
      const cut = await name.evaluate((node) => {
        const style = getComputedStyle(node);
        return {
          overflowing: node.scrollWidth > node.clientWidth,
          hidden: style.overflowX === "hidden" && style.textOverflow === "ellipsis" && style.whiteSpace === "nowrap",
          width: node.clientWidth,
        };
      });
      expect(cut).toMatchObject({ overflowing: true, hidden: true });
      // Enough of the name shows to recognise it.
      expect(cut.width).toBeGreaterThanOrEqual(64);
      if (width === 1280) {
        const nameBox = await name.boundingBox();
        const menuBox = await strip.getByRole("navigation", { name: "Account menu" }).boundingBox();
        const logoutBox = await strip.getByRole("button", { name: "Logout" }).boundingBox();
        const stripBox = await strip.boundingBox();
        if (!nameBox || !menuBox || !logoutBox || !stripBox) throw new Error("the strip is not laid out");
        expect(apart(nameBox, menuBox)).toBe(true);
        // Everything stays on the strip's one row, inside the page.
        expect(logoutBox.x + logoutBox.width).toBeLessThanOrEqual(width);
        expect(logoutBox.y).toBeLessThan(stripBox.y + stripBox.height);
        for (const entry of await strip.getByRole("link").all()) {
          const box = await entry.boundingBox();
          if (box && (await entry.getAttribute("title")) === null) {
            expect(apart(nameBox, box)).toBe(true);
          }
        }
      }
      await screenshot(page, `first-day-long-name-${width}`, { fullPage: false });
      await close();
    }
  });
});

import type { Browser, Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot, signingOut } from "./browser";
import { callApi, createVerifiedMember, logIn, type Member } from "./members";

const baseUrl = inject("baseUrl");
/** The header and the foldout as the member sees them, not the whole page. */
const viewport = { fullPage: false };
interface Me {
  visits_count: number;
  received_messages_count: number;
  received_wink_interactions_count: number;
  unread_messages_count: number;
  new_visitors_count: number;
  new_likes_count: number;
  new_winks_count: number;
  credits: number;
}

async function me(member: Member): Promise<Me> {
  return (await callApi<{ data: Me }>(baseUrl, "POST", "/me", { token: member.token })).body.data;
}

/** Another member views, winks at and writes to `member`, so the foldout's figures and badges have something to show. */
async function admire(fan: Member, member: Member): Promise<string> {
  expect((await callApi(baseUrl, "GET", `/profiles/${member.uuid}`, { token: fan.token })).status).toBe(200);
  expect((await callApi(baseUrl, "POST", `/profiles/${member.uuid}/wink`, { token: fan.token })).status).toBe(200);
  const sent = await callApi<{ data: { conversation: string } }>(baseUrl, "POST", `/profiles/${member.uuid}/messages`, {
    token: fan.token,
    body: { type: "text", text: "Loved your profile. Drinks in Newtown?", client_id: crypto.randomUUID() },
  });
  expect(sent.status).toBe(201);
  return sent.body.data.conversation;
}

const menuPaths = [
  "/dashboard",
  "/messages",
  "/my-profile",
  "/my-visitors",
  "/my-likes",
  "/my-favorites",
  "/credits/buy",
];

/** The member menu in order, with the unread-messages, new-visitors and new-likes badges in its names. */
async function expectMenu(menu: Locator, figures: Me, paths: string[]): Promise<void> {
  const links = menu.getByRole("link");
  await expect(links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")))).resolves.toEqual(
    paths,
  );
  const names = [
    "Search",
    figures.unread_messages_count > 0 ? `Messages (${figures.unread_messages_count} unread)` : "Messages",
    "My profile",
    figures.new_visitors_count > 0 ? `My visitors (${figures.new_visitors_count} new)` : "My visitors",
    figures.new_likes_count + figures.new_winks_count > 0
      ? `Likes you (${figures.new_likes_count + figures.new_winks_count} new)`
      : "Likes you",
    "My favorites",
    "Buy credits",
  ];
  for (const name of names) await menu.getByRole("link", { name, exact: true }).waitFor();
  await expect(menu.getByRole("link", { name: /^Messages/ }).innerText()).resolves.toContain(
    String(figures.unread_messages_count),
  );
}

function hamburger(page: Page) {
  return page.getByRole("button", { name: /^Menu/ });
}

function foldout(page: Page) {
  return page.getByRole("dialog", { name: "Menu" });
}

function accountStrip(page: Page) {
  return page.getByRole("region", { name: "Your account" });
}

/** Every click-tracking call the page makes, in order. */
function recordClicks(page: Page): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/user-track-clicks") calls.push(request);
  });
  return calls;
}

describe("navigation in Chromium", () => {
  let browser: Browser;
  let member: Member;
  let fan: Member;
  let conversationUuid: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    [member, fan] = await Promise.all([createVerifiedMember(baseUrl, "navi"), createVerifiedMember(baseUrl, "fan")]);
    conversationUuid = await admire(fan, member);
  });
  afterAll(() => browser?.close());

  it("opens the phone foldout with the member's name, balance and figures; winks keep it open, Messages closes it", async () => {
    const figures = await me(member);
    expect(figures).toMatchObject({ visits_count: 1, received_wink_interactions_count: 1, new_visitors_count: 1 });
    expect(figures.unread_messages_count).toBeGreaterThan(0);
    const { page, errors, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/dashboard`);

    // The compact header: navbar icons and the account strip with the credits block and Buy credits.
    const strip = accountStrip(page);
    await strip.getByText(member.username).waitFor();
    await strip.getByRole("link", { name: `Account balance: ${figures.credits} credits. Buy credits` }).waitFor();
    await expect(strip.getByRole("link", { name: "Buy credits", exact: true }).getAttribute("href")).resolves.toBe(
      "/credits/buy",
    );
    // The balance shows once: in the strip, not also in the navbar above it.
    expect(await page.getByRole("link", { name: /^Account balance/ }).count()).toBe(1);
    await expect(strip.getByRole("navigation").isVisible()).resolves.toBe(false);
    await screenshot(page, "navigation-header-375", viewport);

    const menu = hamburger(page);
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");
    await menu.click();
    const panel = foldout(page);
    await panel.waitFor();
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(panel.getByRole("link", { name: member.username }).getAttribute("href")).resolves.toBe("/my-profile");
    const avatar = panel.getByRole("link", { name: "Edit profile" });
    await expect(avatar.getAttribute("href")).resolves.toBe("/profile/edit");
    // No photo yet: the default avatar for a man.
    await expect(avatar.locator("img").getAttribute("src")).resolves.toBe("/avatars/default-male.svg");
    await expect(panel.getByText("Account Balance").locator("xpath=..").innerText()).resolves.toMatch(
      new RegExp(`Account Balance\\s+${figures.credits}\\s*credits`, "i"),
    );
    const stat = (key: string) => panel.locator(`[data-foldout-stat=${key}]`);
    await expect(stat("visits").innerText()).resolves.toMatch(new RegExp(`^${figures.visits_count}\\s+Visits$`, "i"));
    await expect(stat("messages").innerText()).resolves.toMatch(
      new RegExp(`^${figures.received_messages_count}\\s+Messages$`, "i"),
    );
    await expect(stat("winks").innerText()).resolves.toMatch(
      new RegExp(`^${figures.received_wink_interactions_count}\\s+Winks$`, "i"),
    );
    await expect(stat("visits").getByRole("link").getAttribute("href")).resolves.toBe("/my-visitors");
    await expect(stat("messages").getByRole("link").getAttribute("href")).resolves.toBe("/messages");
    const nav = panel.getByRole("navigation", { name: "Member" });
    await expectMenu(nav, figures, [...menuPaths, "/account"]);
    await panel.getByRole("button", { name: "Logout" }).waitFor();
    // Focus moved into the foldout.
    expect(await page.evaluate(() => document.activeElement?.closest("[data-foldout]") !== null)).toBe(true);
    await screenshot(page, "navigation-foldout-375", viewport);

    // The winks figure goes nowhere: the foldout stays open.
    await stat("winks").click();
    await page.waitForTimeout(300);
    await expect(panel.isVisible()).resolves.toBe(true);
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");

    // Messages navigates and closes it.
    await nav.getByRole("link", { name: /^Messages/ }).click();
    await page.waitForURL(`${baseUrl}/messages`);
    await panel.waitFor({ state: "detached" });
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");

    // Escape closes it too and gives the focus back to the hamburger.
    await menu.click();
    await panel.waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "")).toMatch(/^Menu/);

    // A tap on the visits figure navigates and closes it.
    await menu.click();
    await stat("visits").getByRole("link").click();
    await page.waitForURL(`${baseUrl}/my-visitors`);
    await panel.waitFor({ state: "detached" });
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("shows the account strip with its menu on a desktop, and hides it on a conversation", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/dashboard`);
    const strip = accountStrip(page);
    const menu = strip.getByRole("navigation", { name: "Account menu" });
    await menu.waitFor();
    const figures = await me(member);
    await expectMenu(menu, figures, menuPaths);
    await expect(menu.getByRole("link", { name: "Search" }).getAttribute("aria-current")).resolves.toBe("page");
    await expect(strip.getByRole("link", { name: "Account settings" }).getAttribute("href")).resolves.toBe("/account");
    await strip.getByRole("button", { name: "Logout" }).waitFor();
    await strip.getByText(member.username).waitFor();
    // The navbar row: online count, bell, messages, the Account Balance block and Buy credits; no hamburger.
    await page.getByText(/^[\d,]+ online now$/).waitFor();
    await page.getByRole("button", { name: /^Notifications/ }).waitFor();
    await page.getByRole("link", { name: `Messages, ${figures.unread_messages_count} unread` }).waitFor();
    await page.getByRole("banner").getByText("Account Balance").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Buy credits", exact: true }).waitFor();
    await expect(hamburger(page).isVisible()).resolves.toBe(false);
    expect(await page.getByRole("link", { name: /^Account balance/ }).count()).toBe(1);
    await screenshot(page, "navigation-header-1280", viewport);

    // The narrowest desktop still fits the whole menu on one row; a tablet gets the hamburger.
    await page.setViewportSize({ width: 1024, height: 800 });
    await menu.getByRole("link", { name: "Buy credits" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1024);
    await screenshot(page, "navigation-header-1024", viewport);
    await page.setViewportSize({ width: 768, height: 900 });
    await hamburger(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(768);
    await screenshot(page, "navigation-header-768", viewport);
    await page.setViewportSize({ width: 1280, height: 900 });

    // On the conversation page (messages-id) the strip steps aside for the chat.
    await page.goto(`${baseUrl}/messages/${conversationUuid}`);
    await page.getByText("Loved your profile. Drinks in Newtown?").waitFor();
    await expect(accountStrip(page).count()).resolves.toBe(0);
    await page.getByRole("link", { name: /^Account balance/ }).waitFor();
    await screenshot(page, "navigation-conversation-1280", viewport);
    // Without the strip, the menu is in the foldout, on a desktop too.
    await hamburger(page).click();
    await foldout(page).getByRole("button", { name: "Logout" }).waitFor();
    await screenshot(page, "navigation-foldout-1280", viewport);
    await page.keyboard.press("Escape");
    await foldout(page).waitFor({ state: "detached" });
    await page.goto(`${baseUrl}/my-favorites`);
    await accountStrip(page).waitFor();
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("keeps the balance in the phone navbar on a conversation, where there is no strip", async () => {
    const { page, errors, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/messages/${conversationUuid}`);
    await page.getByText("Loved your profile. Drinks in Newtown?").waitFor();
    await expect(accountStrip(page).count()).resolves.toBe(0);
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Account balance/ })
      .waitFor();
    await hamburger(page).waitFor();
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  for (const width of [375, 1280]) {
    it(`shows a deactivated member no menu items at ${width} px`, async () => {
      const resting = await createVerifiedMember(baseUrl, "rest");
      expect((await callApi(baseUrl, "POST", "/account/deactivate", { token: resting.token })).status).toBe(200);
      const { page, errors, close } = await newPage(browser, width);
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel("Email").fill(resting.email);
      await page.getByLabel("Password").fill(resting.password);
      await page.getByRole("button", { name: "Log In" }).click();
      await page.waitForURL(`${baseUrl}/deactivated`);
      await page.getByRole("button", { name: "Reactivate my account" }).waitFor();
      const banner = page.getByRole("banner");
      await banner.getByRole("link", { name: "Velvet Hearts home" }).waitFor();
      expect(await banner.getByRole("link").count()).toBe(1);
      expect(await banner.getByRole("button").count()).toBe(0);
      await expect(accountStrip(page).count()).resolves.toBe(0);
      for (const name of ["Search", "Messages", "My profile", "My visitors", "My favorites", "Account settings"]) {
        expect(await page.getByRole("link", { name, exact: true }).count()).toBe(0);
      }
      await screenshot(page, `navigation-deactivated-${width}`, viewport);
      expect(ignoreExpectedStatuses(errors)).toEqual([]);
      await close();
    });
  }

  it("tracks hamburger and bell clicks at most once a second, and tracks a logout before logging out", async () => {
    const { page, errors, close } = await newPage(browser, 375);
    // The page's time stands still between the jumps below: "the next second" is reached at once instead of slept
    // through, and a slow machine cannot stretch "within the same second" past one (timers keep running).
    await page.clock.install();
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/my-favorites`);
    const clicks = recordClicks(page);
    const menu = hamburger(page);
    let now = await page.evaluate(() => Date.now());
    await page.clock.setFixedTime(now);

    // Open and close within the same second: one call.
    await menu.click();
    await foldout(page).waitFor();
    await menu.click();
    await foldout(page).waitFor({ state: "detached" });
    now += 1_100;
    await page.clock.setFixedTime(now);
    // The next second: the opening is recorded again.
    await menu.click();
    await foldout(page).waitFor();
    now += 1_100;
    await page.clock.setFixedTime(now);
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("dialog", { name: "Notifications" }).waitFor();
    await expect.poll(() => clicks.length).toBe(3);
    expect(clicks.map((request) => request.postDataJSON())).toEqual([
      { section_type: "foldout", button_type: "menu_btn", status: "opened" },
      { section_type: "foldout", button_type: "menu_btn", status: "opened" },
      { section_type: "notification", button_type: "bell_btn", status: "opened" },
    ]);
    // Every call carries the device id.
    for (const request of clicks) expect(await request.headerValue("device-id")).toMatch(/^[0-9a-f]{32}$/);

    // Logout: the click first, then the logout itself, then home.
    now += 1_100;
    await page.clock.setFixedTime(now);
    const order: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/api/user-track-clicks" || path === "/api/logout") order.push(path);
    });
    await menu.click();
    await foldout(page).waitFor();
    now += 1_100;
    await page.clock.setFixedTime(now);
    await signingOut(errors, async () => {
      await foldout(page).getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${baseUrl}/`);
    });
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    expect(order).toEqual(["/api/user-track-clicks", "/api/user-track-clicks", "/api/logout"]);
    expect(clicks.at(-1)?.postDataJSON()).toEqual({ section_type: "foldout", button_type: "logout_btn" });
    expect(ignoreExpectedStatuses(errors)).toEqual([]);
    await close();
  });

  it("logs out even when click tracking fails", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, member.email, member.password);
    await page.route("**/api/user-track-clicks", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto(`${baseUrl}/my-favorites`);
    await signingOut(errors, async () => {
      await accountStrip(page).getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${baseUrl}/`);
    });
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    // The failed tracking call is only logged, never shown.
    expect(ignoreExpectedStatuses(errors).filter((message) => !message.includes("status of 500"))).toEqual([]);
    await close();
  });

  it("disables the right-click menu in a production build and tells the member when they go offline", async () => {
    const { page, errors, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole("heading", { name: "Search" }).waitFor();
    const prevented = await page.evaluate(() => {
      const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);

    await page.context().setOffline(true);
    await page.getByRole("status").getByText("You're offline").waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, "navigation-offline-375", viewport);
    await page.context().setOffline(false);
    await page.getByRole("status").getByText("You're back online").waitFor();
    await page.getByRole("status").getByText("You're back online").waitFor({ state: "detached", timeout: 6_000 });
    expect(
      ignoreExpectedStatuses(errors).filter((message) => !/ERR_INTERNET_DISCONNECTED|WebSocket/.test(message)),
    ).toEqual([]);
    await close();
  });
});

import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { acceptConsent, ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn, type Member } from "./members";

const baseUrl = inject("baseUrl");
/** The list, popups and toasts sit over the page: the screenshots show the screen as the member sees it. */
const overlay = { fullPage: false };
// Expected: 4xx answers, and the 500s this file fakes to see the failure toasts.
async function signInAs(email: string, password: string): Promise<string> {
  const login = await callApi<{ data: { access_token: string } }>(baseUrl, "POST", "/login", {
    body: { email, password },
  });
  expect(login.status).toBe(200);
  return login.body.data.access_token;
}

/** The per-item menu (delete, mute) is behind features.muteUserNotifications, which admins set. */
async function enableNotificationMenu(member: Member): Promise<void> {
  const adminToken = await signInAs("admin@velvethearts.example", "admin-password-2026");
  const changed = await callApi(baseUrl, "PUT", `/admin/users/${member.uuid}/features`, {
    token: adminToken,
    body: { muteUserNotifications: true },
  });
  expect(changed.status).toBe(200);
}

async function sendText(from: string, to: Member, text: string): Promise<string> {
  const sent = await callApi<{ data: { conversation: string } }>(baseUrl, "POST", `/profiles/${to.uuid}/messages`, {
    token: from,
    body: { type: "text", text, client_id: crypto.randomUUID() },
  });
  expect(sent.status).toBe(201);
  return sent.body.data.conversation;
}

function popups(page: Page) {
  return page.getByRole("region", { name: "New notifications" });
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

function bodies(requests: Request[]) {
  return requests.map((request) => ({ method: request.method(), url: request.url(), body: request.postDataJSON() }));
}

/** Popups, tracking and push clicks the page sent, in order. */
function recordTracking(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (/\/api\/(site-popups|user-notifications|push-notification-clicks)/.test(request.url())) requests.push(request);
  });
  return requests;
}

describe("notifications in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("pops up, counts and lists what happens live; mutes and undoes, deletes, and opens an item", async () => {
    const [amber, blake] = await Promise.all([
      createVerifiedMember(baseUrl, "amber"),
      createVerifiedMember(baseUrl, "blake"),
    ]);
    await enableNotificationMenu(blake);
    const desk = await newPage(browser, 1280);
    const phone = await newPage(browser, 375);
    const deskCalls = recordTracking(desk.page);
    const phoneCalls = recordTracking(phone.page);
    await Promise.all([
      logIn(desk.page, baseUrl, blake.email, blake.password),
      logIn(phone.page, baseUrl, blake.email, blake.password),
    ]);
    await desk.page.getByRole("button", { name: "Notifications", exact: true }).waitFor();

    // Amber likes Blake: a popup on both screens, and the bell counts it.
    const liked = await callApi(baseUrl, "POST", `/profiles/${blake.uuid}/like`, { token: amber.token });
    expect(liked.status).toBe(200);
    const likePopup = popups(desk.page).getByRole("link", { name: `${amber.username} liked your profile` });
    await likePopup.waitFor({ timeout: 10_000 });
    const likeShownAt = Date.now();
    await desk.page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor();
    await popups(phone.page)
      .getByRole("link", { name: `${amber.username} liked your profile` })
      .waitFor();
    await screenshot(desk.page, "notifications-popup-1280", overlay);
    await screenshot(phone.page, "notifications-popup-375", overlay);

    // It goes by itself after 5 seconds.
    await likePopup.waitFor({ state: "detached", timeout: 8_000 });
    expect(Date.now() - likeShownAt).toBeGreaterThan(3_500);

    // A message: another popup; a click on the phone opens the conversation.
    const conversationUuid = await sendText(amber.token, blake, "Hey Blake, free for a drink on Friday?");
    await desk.page.getByRole("button", { name: "Notifications, 2 unread" }).waitFor({ timeout: 10_000 });
    const messagePopup = popups(phone.page).getByRole("link", { name: `${amber.username} has sent you a message` });
    await messagePopup.click();
    await phone.page.waitForURL(`${baseUrl}/messages/${conversationUuid}`);
    await expect.poll(() => popups(phone.page).count()).toBe(0);
    // Reading the conversation on the phone reads its bell item everywhere: the like is left.
    await desk.page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor({ timeout: 10_000 });

    // Popups are tracked on the phone only (under 1024 px), against the other member.
    await expect.poll(() => bodies(phoneCalls).filter((call) => call.url.endsWith("/api/site-popups")).length).toBe(3);
    expect(bodies(phoneCalls).map((call) => call.body)).toEqual([
      { profile_user_uuid: amber.uuid, notification_type: "USER_LIKE", action_type: "IMPRESSION" },
      { profile_user_uuid: amber.uuid, notification_type: "MESSAGE_RECEIVED", action_type: "IMPRESSION" },
      { profile_user_uuid: amber.uuid, notification_type: "MESSAGE_RECEIVED", action_type: "CLICKED" },
    ]);
    expect(deskCalls.filter((request) => request.url().endsWith("/api/site-popups"))).toEqual([]);

    // The dropdown on the desktop: title, unread tag, newest first, with the per-item menu.
    await desk.page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const list = desk.page.getByRole("dialog", { name: "Notifications" });
    await list.getByText("1 new", { exact: true }).waitFor();
    const items = list.getByRole("list", { name: "Notification list" }).getByRole("listitem");
    await expect
      .poll(() => items.allInnerTexts())
      .toEqual([
        expect.stringContaining(`${amber.username} has sent you a message`),
        expect.stringContaining(`${amber.username} liked your profile`),
      ]);
    await desk.page.mouse.move(0, 400);
    await screenshot(desk.page, "notifications-list-1280", overlay);

    // Mute Amber, then undo it from the toast.
    const muteMenu = () => list.getByRole("button", { name: `More options for ${amber.username}` }).first();
    await muteMenu().click();
    await desk.page.getByRole("menuitem", { name: `Mute ${amber.username}` }).click();
    const muted = toast(desk.page, `You won't receive notifications from ${amber.username} anymore.`);
    await muted.waitFor();
    // Hovered, the toast keeps still (its 2 s pause) while the screenshot is taken.
    await muted.hover();
    await screenshot(desk.page, "notifications-muted-toast-1280", overlay);
    await muted.getByRole("button", { name: "Undo" }).click();
    const restored = toast(desk.page, `Notifications from ${amber.username} are restored.`);
    await restored.waitFor();
    await restored.getByRole("button", { name: "Close" }).waitFor();
    expect(
      bodies(deskCalls)
        .filter((call) => /mute$/.test(call.url))
        .map((call) => `${call.method} ${new URL(call.url).pathname}`),
    ).toEqual([
      `POST /api/user-notifications/${amber.username}/mute`,
      `DELETE /api/user-notifications/${amber.username}/unmute`,
    ]);

    // Unmuted for real: Amber's favorite arrives, at the top of the open list.
    const favorited = await callApi(baseUrl, "POST", `/profiles/${blake.uuid}/favorite`, { token: amber.token });
    expect(favorited.status).toBe(200);
    await expect
      .poll(() => items.first().innerText(), { timeout: 10_000 })
      .toContain(`${amber.username} favorited your profile`);
    await list.getByText("2 new", { exact: true }).waitFor();

    // Delete it.
    await muteMenu().click();
    await desk.page.getByRole("menuitem", { name: "Delete" }).click();
    await toast(desk.page, "Notification deleted").getByRole("button", { name: "Close" }).waitFor();
    await expect.poll(() => items.count()).toBe(2);
    await list.getByText("1 new", { exact: true }).waitFor();

    // Failures: a 422 shows the server's message; anything else the spec's lines.
    await desk.page.route("**/api/user-notifications/*/mute", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({ message: "There is no member with that name." }),
      }),
    );
    await muteMenu().click();
    await desk.page.getByRole("menuitem", { name: `Mute ${amber.username}` }).click();
    await toast(desk.page, "There is no member with that name.").waitFor();
    await desk.page.unroute("**/api/user-notifications/*/mute");
    await desk.page.route("**/api/user-notifications/*/mute", (route) => route.fulfill({ status: 500, body: "{}" }));
    await muteMenu().click();
    await desk.page.getByRole("menuitem", { name: `Mute ${amber.username}` }).click();
    await toast(desk.page, "Failed to mute notifications.").waitFor();
    await desk.page.unroute("**/api/user-notifications/*/mute");
    await desk.page.route("**/api/user-notifications/*/unmute", (route) => route.fulfill({ status: 500, body: "{}" }));
    await muteMenu().click();
    await desk.page.getByRole("menuitem", { name: `Mute ${amber.username}` }).click();
    await toast(desk.page, `You won't receive notifications from ${amber.username} anymore.`)
      .getByRole("button", { name: "Undo" })
      .click();
    await toast(desk.page, "Failed to undo mute.").waitFor();
    await desk.page.unroute("**/api/user-notifications/*/unmute");
    // (Amber stays muted now; unmute for the rest of the test.)
    expect(
      (await callApi(baseUrl, "DELETE", `/user-notifications/${amber.username}/unmute`, { token: blake.token })).status,
    ).toBe(200);

    // A click saves the item read and opens Amber's profile; the list closes.
    const likeId = await likeNotificationId(blake);
    await list.getByRole("link", { name: new RegExp(`^${amber.username} liked your profile`) }).click();
    await desk.page.waitForURL(`${baseUrl}/profile/${amber.uuid}`);
    await list.waitFor({ state: "detached" });
    await expect
      .poll(() => bodies(deskCalls).map((call) => `${call.method} ${new URL(call.url).pathname}`))
      .toContain(`PUT /api/user-notifications/${likeId}`);
    await desk.page.getByRole("button", { name: "Notifications", exact: true }).waitFor();

    // The phone's full panel marks what it lists read, and closes on navigation. (A wink, so something is unread:
    // the conversation's item was read with the conversation, and the like with its click.)
    expect(
      (await callApi(baseUrl, "POST", `/profiles/${blake.uuid}/wink`, { token: amber.token })).status,
    ).toBeLessThan(300);
    await phone.page.goto(`${baseUrl}/dashboard`);
    await phone.page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const panel = phone.page.getByRole("dialog", { name: "Notifications" });
    await panel.getByRole("link", { name: new RegExp(`^${amber.username} has sent you a message`) }).waitFor();
    await phone.page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    await expect.poll(() => panel.locator("[data-unread]").count()).toBe(0);
    expect(bodies(phoneCalls).some((call) => call.url.endsWith("/api/user-notifications/read-all"))).toBe(true);
    await screenshot(phone.page, "notifications-list-375", overlay);
    // The per-item menu; Escape closes the menu, not the panel.
    await panel
      .getByRole("button", { name: `More options for ${amber.username}` })
      .first()
      .click();
    await phone.page.getByRole("menuitem", { name: `Mute ${amber.username}` }).waitFor();
    await screenshot(phone.page, "notifications-menu-375", overlay);
    await phone.page.keyboard.press("Escape");
    await phone.page.getByRole("menu").waitFor({ state: "detached" });
    await expect(panel.isVisible()).resolves.toBe(true);
    await phone.page.getByRole("button", { name: "Close notifications" }).click();
    await panel.waitFor({ state: "detached" });
    await phone.page.getByRole("button", { name: "Notifications", exact: true }).click();
    await panel.getByRole("link", { name: new RegExp(`^${amber.username} has sent you a message`) }).click();
    await phone.page.waitForURL(`${baseUrl}/messages/${conversationUuid}`);
    await panel.waitFor({ state: "detached" });

    expect(ignoreExpectedStatuses(desk.errors, "status of 500")).toEqual([]);
    expect(ignoreExpectedStatuses(phone.errors, "status of 500")).toEqual([]);
    await Promise.all([desk.close(), phone.close()]);
  });

  it("shows 'All Clear', then a first page that follows new notifications and 'Load More'", async () => {
    const casey = await createVerifiedMember(baseUrl, "casey");
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, casey.email, casey.password);
    await page.getByRole("button", { name: "Notifications", exact: true }).click();
    const list = page.getByRole("dialog", { name: "Notifications" });
    await list.getByRole("heading", { name: "All Clear" }).waitFor();
    await screenshot(page, "notifications-empty-1280", overlay);

    // Sixteen items, one more than a page: the open list follows them as they come. A conversation's messages
    // share one item, so four members each like, wink, favourite and write once.
    const demoToken = await signInAs("demo@velvethearts.example", "demo-password-2026");
    const others = await Promise.all(["cara", "cody", "cleo"].map((label) => createVerifiedMember(baseUrl, label)));
    for (const token of [demoToken, ...others.map((other) => other.token)]) {
      for (const action of ["like", "wink", "favorite"]) {
        expect((await callApi(baseUrl, "POST", `/profiles/${casey.uuid}/${action}`, { token })).status).toBeLessThan(
          300,
        );
      }
      await sendText(token, casey, "Hello Casey");
    }
    await page.getByRole("button", { name: "Notifications, 16 unread" }).waitFor({ timeout: 15_000 });
    const items = list.getByRole("list", { name: "Notification list" }).getByRole("listitem");
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(15);
    // The newest three popups at most, and none left after their 5 seconds.
    expect(await popups(page).getByRole("link").count()).toBeLessThanOrEqual(3);
    const loadMore = list.getByRole("button", { name: "Load More" });
    await loadMore.click();
    await expect.poll(() => items.count()).toBe(16);
    await loadMore.waitFor({ state: "detached" });
    await popups(page).waitFor({ state: "detached", timeout: 8_000 });

    // Read-all from the desktop list.
    await list.getByRole("button", { name: "Mark all read" }).click();
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();
    await expect.poll(() => list.locator("[data-unread]").count()).toBe(0);
    expect(ignoreExpectedStatuses(errors, "status of 500")).toEqual([]);
    await close();
  });

  it("uses a browser notification while the tab is hidden; its click opens the target and is tracked", async () => {
    // Dana writes twice: 2 of her 10 welcome credits.
    const [dana, eli] = await Promise.all([
      createVerifiedMember(baseUrl, "dana"),
      createVerifiedMember(baseUrl, "eli"),
    ]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await acceptConsent(context);
    // A stand-in for the Notification API (granted), and a tab the test can hide.
    await context.addInitScript(() => {
      const shown: Array<{ title: string; body: string; closed: boolean; onclick?: () => void }> = [];
      class FakeNotification {
        static permission = "granted";
        static requestPermission = async () => "granted";
        closed = false;
        body: string;
        onclick?: () => void;
        onclose?: () => void;
        constructor(
          readonly title: string,
          options: { body: string },
        ) {
          this.body = options.body;
          shown.push(this);
        }
        close() {
          this.closed = true;
          this.onclose?.();
        }
      }
      Object.assign(window, { Notification: FakeNotification, shownNotifications: shown, tabHidden: false });
      Object.defineProperty(document, "hidden", {
        configurable: true,
        get: () => (window as unknown as { tabHidden: boolean }).tabHidden,
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const pushClicks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/push-notification-clicks")) pushClicks.push(new URL(request.url()).search);
    });
    await logIn(page, baseUrl, eli.email, eli.password);
    await page.evaluate(() => Object.assign(window, { tabHidden: true }));

    const conversationUuid = await sendText(dana.token, eli, "Are you around tonight?");
    const shown = () =>
      page.evaluate(() =>
        (
          window as unknown as { shownNotifications: Array<{ title: string; body: string; closed: boolean }> }
        ).shownNotifications.map(({ title, body, closed }) => ({ title, body, closed })),
      );
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: "Velvet Hearts", body: `${dana.username} has sent you a message`, closed: false }]);
    expect(await popups(page).count()).toBe(0);
    // It closes by itself after 5 seconds.
    await expect.poll(async () => (await shown())[0]?.closed, { timeout: 8_000 }).toBe(true);

    // Another message, clicked: it opens the conversation and is counted as a push click (t=1; t=2 is for winks,
    // which this server notifies as PROFILE_WINK and so never as a popup).
    await sendText(dana.token, eli, "Or tomorrow?");
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(2);
    await page.evaluate(() =>
      (window as unknown as { shownNotifications: Array<{ onclick: () => void }> }).shownNotifications[1]?.onclick(),
    );
    await page.waitForURL(`${baseUrl}/messages/${conversationUuid}`);
    await expect.poll(() => pushClicks).toEqual(["?x=28&t=1"]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The id of the member's like notification, as the API lists it. */
async function likeNotificationId(member: Member): Promise<number> {
  const listed = await callApi<{ data: Array<{ id: number; data: { action_type: string } }> }>(
    baseUrl,
    "GET",
    "/user-notifications?page=1",
    { token: member.token },
  );
  const like = listed.body.data.find((notification) => notification.data.action_type === "USER_LIKE");
  if (!like) throw new Error("no like notification");
  return like.id;
}

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { acceptConsent, ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn, type Member } from "./members";

const baseUrl = inject("baseUrl");
/** A message through the API, as the other member's own app would send it; answers the conversation uuid. */
async function write(from: Member, to: Member, text: string): Promise<string> {
  const sent = await callApi<{ data: { conversation: string } }>(baseUrl, "POST", `/profiles/${to.uuid}/messages`, {
    token: from.token,
    body: { type: "text", text, client_id: crypto.randomUUID() },
  });
  expect(sent.status).toBe(201);
  return sent.body.data.conversation;
}

/** The conversation as a member's own history holds it, oldest first. */
async function history(who: Member, conversation: string): Promise<string[]> {
  const answer = await callApi<{ data: { text: string }[] }>(
    baseUrl,
    "GET",
    `/user-conversations/${conversation}/messages`,
    {
      token: who.token,
    },
  );
  return answer.body.data.map((message) => message.text).reverse();
}

function composer(page: Page) {
  return page.getByRole("textbox", { name: /^Message to / });
}

async function openConversation(page: Page, conversation: string, expectedText: string) {
  await page.goto(`${baseUrl}/messages/${conversation}`);
  await page.getByRole("log", { name: "Messages" }).getByText(expectedText).waitFor();
}

/** The member paths of dead ends 4, 6 and 8, and deleting one message for oneself. */
describe("chat without dead ends in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function memberContext(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 } });
    await acceptConsent(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    return { context, page, errors };
  }

  it("queues messages written offline, shows them waiting, and sends them once, in order, when back online", async () => {
    const [alex, sam] = await Promise.all([
      createVerifiedMember(baseUrl, "alex"),
      createVerifiedMember(baseUrl, "sam"),
    ]);
    const conversation = await write(sam, alex, "Are you free this weekend?");
    const { context, page, errors } = await memberContext(375);
    await logIn(page, baseUrl, alex.email, alex.password);
    await openConversation(page, conversation, "Are you free this weekend?");

    await context.setOffline(true);
    for (const text of ["Yes! Saturday works", "Brunch in Bondi?"]) {
      await composer(page).fill(text);
      await composer(page).press("Enter");
    }
    const waiting = page.locator("[data-pending=queued]");
    await expect.poll(() => waiting.count(), { timeout: 10_000 }).toBe(2);
    await page.getByText("Waiting for a connection").first().waitFor();
    await screenshot(page, "chat-offline-queued-375", { fullPage: false });
    expect(await history(sam, conversation)).toEqual(["Are you free this weekend?"]);

    await context.setOffline(false);
    await expect.poll(() => waiting.count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole("log", { name: "Messages" }).getByText("Brunch in Bondi?").waitFor();
    await expect
      .poll(() => history(sam, conversation), { timeout: 10_000 })
      .toEqual(["Are you free this weekend?", "Yes! Saturday works", "Brunch in Bondi?"]);
    await page.getByRole("link", { name: /Account balance: 8 credits/ }).waitFor();

    // Written offline and the tab closed before the connection came back: the next page sends it, once.
    await context.setOffline(true);
    await composer(page).fill("See you there");
    await composer(page).press("Enter");
    await page.locator("[data-pending=queued]").waitFor();
    await page.close();
    await context.setOffline(false);
    const later = await context.newPage();
    later.on("pageerror", (error) => errors.push(error.message));
    await later.goto(`${baseUrl}/messages/${conversation}`);
    await later.getByRole("log", { name: "Messages" }).getByText("See you there").waitFor();
    await expect
      .poll(() => history(sam, conversation), { timeout: 10_000 })
      .toEqual(["Are you free this weekend?", "Yes! Saturday works", "Brunch in Bondi?", "See you there"]);
    await expect.poll(() => later.locator("[data-pending]").count(), { timeout: 10_000 }).toBe(0);
    await later.reload();
    await later.getByRole("log", { name: "Messages" }).getByText("See you there").waitFor();
    expect(await history(sam, conversation)).toHaveLength(4);
    expect(ignoreExpectedStatuses(errors, "ERR_INTERNET_DISCONNECTED")).toEqual([]);
    await context.close();
  });

  it("groups a conversation's messages into one bell item, read with the conversation; likes stay apart", async () => {
    const [alex, sam] = await Promise.all([
      createVerifiedMember(baseUrl, "alex"),
      createVerifiedMember(baseUrl, "sam"),
    ]);
    await write(alex, sam, "Hi Sam");
    await write(alex, sam, "Loved your photos from the coast");
    const conversation = await write(alex, sam, "Dinner on Friday?");
    expect((await callApi(baseUrl, "POST", `/profiles/${sam.uuid}/like`, { token: alex.token })).status).toBeLessThan(
      300,
    );

    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, sam.email, sam.password);
    await page.getByRole("button", { name: "Notifications, 2 unread" }).click();
    const list = page.getByRole("dialog", { name: "Notifications" });
    const items = list.getByRole("list", { name: "Notification list" }).getByRole("listitem");
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    const messageItem = list.getByRole("link", { name: new RegExp(`^${alex.username} has sent you 3 messages`) });
    await messageItem.waitFor();
    await list.getByText("“Dinner on Friday?”").waitFor();
    await list.getByRole("link", { name: new RegExp(`^${alex.username} liked your profile`) }).waitFor();
    await screenshot(page, "notifications-grouped-1280", { fullPage: false });

    // Reading the conversation (not the bell item) reads its item: the bell counts only the like.
    await page.keyboard.press("Escape");
    await page.goto(`${baseUrl}/messages/${conversation}`);
    await page.getByRole("log", { name: "Messages" }).getByText("Dinner on Friday?").waitFor();
    await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor({ timeout: 10_000 });

    // A new message brings the conversation back to the top as one unread item.
    await page.goto(`${baseUrl}/dashboard`);
    await write(alex, sam, "Or Saturday?");
    await page.getByRole("button", { name: "Notifications, 2 unread" }).waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "Notifications, 2 unread" }).click();
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    await list.getByRole("link", { name: new RegExp(`^${alex.username} has sent you a message`) }).waitFor();
    expect(ignoreExpectedStatuses(errors, "ERR_INTERNET_DISCONNECTED")).toEqual([]);
    await close();

    const phone = await newPage(browser, 375);
    await logIn(phone.page, baseUrl, sam.email, sam.password);
    await phone.page.getByRole("button", { name: /^Notifications/ }).click();
    await phone.page.getByRole("dialog", { name: "Notifications" }).getByText("“Or Saturday?”").waitFor();
    await screenshot(phone.page, "notifications-grouped-375", { fullPage: false });
    await phone.close();
  });

  it("shows the same balance in two open tabs within a second of a message sent in one", async () => {
    const [alex, sam] = await Promise.all([
      createVerifiedMember(baseUrl, "alex"),
      createVerifiedMember(baseUrl, "sam"),
    ]);
    const conversation = await write(sam, alex, "Hello Alex");
    const { context, page, errors } = await memberContext(1280);
    await logIn(page, baseUrl, alex.email, alex.password);
    const other = await context.newPage();
    other.on("pageerror", (error) => errors.push(error.message));
    await other.goto(`${baseUrl}/dashboard`);
    await other.waitForSelector("html[data-realtime-state=connected]");
    await other.getByRole("link", { name: /Account balance: 10 credits/ }).waitFor();

    await openConversation(page, conversation, "Hello Alex");
    await composer(page).fill("Hello Sam");
    await composer(page).press("Enter");
    await page.getByRole("link", { name: /Account balance: 9 credits/ }).waitFor();
    // The other tab follows without a reload or a refetch of the member.
    await other.getByRole("link", { name: /Account balance: 9 credits/ }).waitFor({ timeout: 1_000 });
    await screenshot(other, "balance-second-tab-1280", { fullPage: false });
    expect(ignoreExpectedStatuses(errors, "ERR_INTERNET_DISCONNECTED")).toEqual([]);
    await context.close();
  });

  for (const width of [375, 1280]) {
    it(`deletes one message for the member only, after asking, at ${width} px; their other tab follows, the partner keeps it`, async () => {
      const [alex, sam] = await Promise.all([
        createVerifiedMember(baseUrl, "alex"),
        createVerifiedMember(baseUrl, "sam"),
      ]);
      const conversation = await write(sam, alex, "Keep this one");
      await write(alex, sam, "I regret this one");
      await write(sam, alex, "Ha, too late");
      const { context, page, errors } = await memberContext(width);
      await logIn(page, baseUrl, alex.email, alex.password);
      const other = await context.newPage();
      await openConversation(other, conversation, "Keep this one");
      const text = width === 375 ? "I regret this one" : "Ha, too late";
      await openConversation(page, conversation, text);

      const row = page.locator("[data-message-id]").filter({ hasText: text });
      await row.hover();
      await row.getByRole("button", { name: "Message options" }).click();
      await page.getByRole("menuitem", { name: "Delete for me" }).waitFor();
      await screenshot(page, `chat-message-menu-${width}`, { fullPage: false });
      await page.getByRole("menuitem", { name: "Delete for me" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete this message for you?" });
      await dialog.getByText(`${sam.username} keeps their copy`).waitFor();
      await screenshot(page, `chat-delete-message-${width}`, { fullPage: false });
      // Cancel keeps it.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await row.waitFor();

      await row.hover();
      await row.getByRole("button", { name: "Message options" }).click();
      await page.getByRole("menuitem", { name: "Delete for me" }).click();
      await dialog.getByRole("button", { name: "Delete for me" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("log", { name: "Messages" }).getByText(text).waitFor({ state: "detached" });
      await other.getByRole("log", { name: "Messages" }).getByText(text).waitFor({ state: "detached", timeout: 5_000 });
      await page.getByRole("log", { name: "Messages" }).getByText("Keep this one").waitFor();
      await page.reload();
      await page.getByRole("log", { name: "Messages" }).getByText("Keep this one").waitFor();
      expect(await page.getByRole("log", { name: "Messages" }).getByText(text).count()).toBe(0);
      expect(ignoreExpectedStatuses(errors, "ERR_INTERNET_DISCONNECTED")).toEqual([]);
      await context.close();
      // Sam's copy is whole; Alex has all but the one deleted.
      expect(await history(sam, conversation)).toEqual(["Keep this one", "I regret this one", "Ha, too late"]);
      expect(await history(alex, conversation)).toEqual(
        ["Keep this one", "I regret this one", "Ha, too late"].filter((other) => other !== text),
      );
    });
  }
});

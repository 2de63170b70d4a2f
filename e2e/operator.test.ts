import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ignoreExpectedStatuses, launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, DEMO_OPERATOR, logIn } from "./members";

const baseUrl = inject("baseUrl");
/** Pictures in the window have loaded, so the screenshots show what a person sees. */
function picturesLoaded(page: Page) {
  return page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>("img")).every((image) => {
      const box = image.getBoundingClientRect();
      const inWindow = box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      return !inWindow || !image.checkVisibility() || (image.complete && image.naturalWidth > 0);
    }),
  );
}

describe("the operator console in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("takes a member's message from the queue and answers it; the member sees it arrive live", async () => {
    const member = await createVerifiedMember(baseUrl, "lonely");
    // A fictional profile, as the console lists them (a member's search also shows the real members other
    // browser tests create, and only fictional profiles reach the queue).
    const operatorLogin = await callApi<{ data: { access_token: string } }>(baseUrl, "POST", "/login", {
      body: DEMO_OPERATOR,
    });
    const profiles = await callApi<{ data: Array<{ uuid: string; username: string }> }>(
      baseUrl,
      "GET",
      "/operator/profiles",
      { token: operatorLogin.body.data.access_token },
    );
    expect(profiles.status).toBe(200);
    const profile = profiles.body.data[0];
    if (!profile) throw new Error("no fictional profile to write to");

    // The member writes from the profile page, in Chromium, and stays on the conversation.
    const side = await newPage(browser, 375);
    const scripts: string[] = [];
    side.page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await logIn(side.page, baseUrl, member.email, member.password);
    await side.page.goto(`${baseUrl}/profile/${profile.uuid}`);
    await side.page.getByRole("button", { name: "Message", exact: true }).click();
    const dialog = side.page.getByRole("dialog", { name: `Say hi to ${profile.username}` });
    await dialog.getByRole("textbox").fill("Hi gorgeous, fancy a drink in Newtown on Friday?");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await side.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationUuid = side.page.url().split("/").at(-1) ?? "";

    // The operator signs in elsewhere and finds the member in the queue.
    const desk = await newPage(browser, 1280);
    // This desk stays on the answered conversation (moving on after a reply is e2e/operator-desk.test.ts's).
    await desk.page.addInitScript(() =>
      localStorage.setItem("velvet.operator.desk", JSON.stringify({ autoAdvance: false })),
    );
    await logIn(desk.page, baseUrl, DEMO_OPERATOR.email, DEMO_OPERATOR.password);
    await desk.page.goto(`${baseUrl}/operator`);
    await desk.page.getByRole("heading", { name: /^Waiting/ }).waitFor();
    await desk.page.getByPlaceholder("Member name or uuid").fill(member.username);
    const row = desk.page.getByRole("button", {
      name: new RegExp(`^${member.username} to ${profile.username}, waiting`),
    });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await desk.page.waitForURL(`${baseUrl}/operator/${conversationUuid}`);
    await desk.page.getByRole("timer", { name: "Time left on your hold" }).waitFor();
    const log = desk.page.getByRole("log", { name: `Conversation between ${member.username} and ${profile.username}` });
    await log.getByText("Hi gorgeous, fancy a drink in Newtown on Friday?").waitFor();
    await desk.page
      .getByRole("complementary", { name: "Member and profile" })
      .getByText(member.username)
      .first()
      .waitFor();

    // A note for whoever answers next.
    await desk.page.getByLabel("Category").selectOption("city");
    await desk.page.getByLabel("Note", { exact: true }).fill("Lives near Newtown");
    await desk.page.getByRole("button", { name: "Add note" }).click();
    await desk.page.getByText("Lives near Newtown").waitFor();

    // Contact details are flagged before they can go out.
    const box = desk.page.getByRole("textbox", { name: `Reply as ${profile.username}` });
    await box.fill("my number is 0412 345 678");
    await desk.page.getByRole("alert").getByText("The text contains a phone number (0412 345 678).").waitFor();
    await box.fill("");

    // A template by its short code, then a few words of our own; Enter sends.
    await box.pressSequentially("/hi");
    await desk.page.getByRole("list", { name: "Templates" }).waitFor();
    await box.press("Tab");
    await expect(box.inputValue()).resolves.toBe(`Hey ${member.username} 😊 so glad you wrote! How's your day going?`);
    await box.pressSequentially(" Friday works for me 🍸");
    await picturesLoaded(desk.page);
    await screenshot(desk.page, "operator-desk-1280", { fullPage: false });
    await box.press("Enter");
    const answer = `Hey ${member.username} 😊 so glad you wrote! How's your day going? Friday works for me 🍸`;
    await log.getByText(answer).waitFor();

    // The member, still on the conversation, sees it arrive without reloading, from the profile.
    await side.page.getByText(answer).waitFor({ timeout: 10_000 });
    await side.page.getByRole("img", { name: "Read" }).waitFor({ timeout: 10_000 });
    await picturesLoaded(side.page);
    await screenshot(side.page, "operator-answer-received-375");

    // Answered and handed back: it has left the queue.
    await desk.page.getByRole("button", { name: "Take conversation" }).waitFor();
    // Pushed to the queue: gone at once.
    await expect.poll(() => row.count(), { timeout: 5_000 }).toBe(0);

    // The member never downloaded the console.
    expect(scripts.filter((url) => /Operator|ConsoleLayout/.test(url))).toEqual([]);

    // The desk at 375 px: the queue first, then the conversation with a way back.
    const other = profiles.body.data[1];
    if (other) {
      await callApi(baseUrl, "POST", `/profiles/${other.uuid}/messages`, {
        token: member.token,
        body: { type: "text", text: "Are you around this weekend?", client_id: crypto.randomUUID() },
      });
    }
    const narrow = await newPage(browser, 375);
    await logIn(narrow.page, baseUrl, DEMO_OPERATOR.email, DEMO_OPERATOR.password);
    await narrow.page.goto(`${baseUrl}/operator`);
    await narrow.page.getByRole("heading", { name: /^Waiting \(\d+\)/ }).waitFor();
    await narrow.page
      .getByRole("button", { name: new RegExp(`^${member.username} to `) })
      .first()
      .waitFor();
    await picturesLoaded(narrow.page);
    await screenshot(narrow.page, "operator-queue-375", { fullPage: false });
    await narrow.page.goto(`${baseUrl}/operator/${conversationUuid}`);
    await narrow.page.getByRole("link", { name: "← Back to the queue" }).waitFor();
    await narrow.page.getByText(answer).waitFor();
    await picturesLoaded(narrow.page);
    await screenshot(narrow.page, "operator-conversation-375", { fullPage: false });

    // A member who opens /operator is sent to the dashboard.
    await side.page.goto(`${baseUrl}/operator`);
    await side.page.waitForURL(`${baseUrl}/dashboard`);

    expect(ignoreExpectedStatuses(desk.errors)).toEqual([]);
    expect(ignoreExpectedStatuses(side.errors)).toEqual([]);
    expect(ignoreExpectedStatuses(narrow.errors)).toEqual([]);
    await Promise.all([desk.close(), side.close(), narrow.close()]);
  });
});

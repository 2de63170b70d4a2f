import { randomUUID } from "node:crypto";
import type { Browser, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "./browser";
import { callApi, createVerifiedMember, demoOperatorDesk, logIn, sendTextMessage } from "./members";

const baseUrl = inject("baseUrl");
const MISSED = 20;

/**
 * A member whose connection silently stops delivering while 20
 * messages arrive gets all 20, once each and in order, once the connection
 * comes back (the web client resubscribes and fetches what it missed).
 * Playwright sits between the page and the real-time server: while "offline"
 * it drops what the server sends, then it drops the socket, as a lost network does.
 */
describe("catching up after a dropped connection, in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("shows every message that arrived while offline, once each, in order", async () => {
    const member = await createVerifiedMember(baseUrl, "offline");
    const { token: operatorToken, profiles } = await demoOperatorDesk(baseUrl);
    const profile = profiles.at(-1);
    if (!profile) throw new Error("no fictional profile to write to");
    const conversationUuid = await sendTextMessage(baseUrl, member, profile.uuid, "Are you around tonight?");
    const lock = await callApi(baseUrl, "POST", `/operator/conversations/${conversationUuid}/lock`, {
      token: operatorToken,
    });
    expect(lock.status).toBeLessThan(300);
    const answer = async (text: string) => {
      const sent = await callApi(baseUrl, "POST", `/operator/conversations/${conversationUuid}/messages`, {
        token: operatorToken,
        // keep_lock: the same operator goes on writing, as one answering in several lines does.
        body: { type: "text", text, client_id: randomUUID(), keep_lock: true },
      });
      expect(sent.status).toBe(201);
    };

    const side = await newPage(browser, 375);
    let dropping = false;
    let pageSocket: WebSocketRoute | undefined;
    await side.page.routeWebSocket(/\/app\//, (socket) => {
      const server = socket.connectToServer();
      pageSocket = socket;
      socket.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        if (!dropping) socket.send(message);
      });
    });
    await logIn(side.page, baseUrl, member.email, member.password);
    await side.page.goto(`${baseUrl}/messages/${conversationUuid}`);
    await side.page.getByText("Are you around tonight?").waitFor();
    // Live delivery works before the drop.
    await answer("Maybe… who's asking?");
    await side.page.getByText("Maybe… who's asking?").waitFor({ timeout: 10_000 });

    dropping = true;
    const missed = Array.from({ length: MISSED }, (_, index) => `Missed message ${String(index + 1).padStart(2, "0")}`);
    for (const text of missed) await answer(text);
    await side.page.waitForTimeout(1_000);
    // Nothing got through while offline: what follows is the catch-up, not live delivery.
    expect(await side.page.getByText("Missed message").count()).toBe(0);

    dropping = false;
    // The connection dies (4200: the server asks clients to reconnect at once) and comes back.
    await pageSocket?.close({ code: 4200, reason: "network lost" });
    await side.page.getByText(missed.at(-1) ?? "").waitFor({ timeout: 20_000 });

    const log = await side.page.getByRole("log").innerText();
    const positions = missed.map((text) => log.indexOf(text));
    for (const text of missed) expect(log.split(text).length - 1).toBe(1);
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(side.errors.filter((message) => !message.includes("status of 4"))).toEqual([]);

    await callApi(baseUrl, "DELETE", `/operator/conversations/${conversationUuid}/lock`, { token: operatorToken });
    await side.close();
  });
});

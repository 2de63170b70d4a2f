import type { Browser } from "playwright-core";
import PusherServer from "pusher";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage } from "./browser";

const baseUrl = inject("baseUrl");
const SITE_KEY = "dev-site-key-0f4c2a9e";

async function demoMemberUuid(): Promise<string> {
  const headers = { "Content-Type": "application/json", "X-Site-Key": SITE_KEY };
  const login = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: "demo@velvethearts.example", password: "demo-password-2026" }),
  });
  const { data } = (await login.json()) as { data: { access_token: string } };
  const me = await fetch(`${baseUrl}/api/me`, {
    method: "POST",
    headers: { ...headers, Authorization: `Bearer ${data.access_token}` },
  });
  const body = (await me.json()) as { data?: { uuid: string } };
  if (!body.data) throw new Error(`me failed: ${me.status} ${JSON.stringify(body)}`);
  return body.data.uuid;
}

describe("real time in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("connects after sign-in, authorizes the member's channels, and refreshes the user when credits arrive", async () => {
    const { page, close } = await newPage(browser, 1280);
    const outside: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.hostname !== "localhost" && url.hostname !== "127.0.0.1") outside.push(request.url());
    });
    const channelAuths: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/broadcasting/auth")) channelAuths.push(request.postData() ?? "");
    });

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Email").fill("demo@velvethearts.example");
    await page.getByLabel("Password").fill("demo-password-2026");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.waitForSelector("html[data-realtime-state=connected]");
    const uuid = await demoMemberUuid();
    await expect.poll(() => channelAuths.length, { timeout: 5_000 }).toBe(3);
    expect(channelAuths.join("&")).toContain(encodeURIComponent(`private-credits.user.${uuid}`));

    const meCalls: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/me")) meCalls.push(Date.now());
    });
    const port = Number(new URL(baseUrl).port);
    const publisher = new PusherServer({
      appId: "velvet",
      key: "velvet-key",
      secret: "development-pusher-secret",
      host: "127.0.0.1",
      port: String(port),
      useTLS: false,
    });
    await publisher.trigger(`private-credits.user.${uuid}`, "CreditsEarned", { credits: 100, balance: 100 });
    await expect.poll(() => meCalls.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(outside).toEqual([]);
    await close();
  });
});

import { randomUUID } from "node:crypto";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fakeBrowserKeys, startFakePushService } from "../apps/server/src/test/push-service";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn, type Member, waitUntilOffline } from "./members";

const baseUrl = inject("baseUrl");

/**
 * Headless Chromium has no push service to reach (no network here), so the browser's PushManager is given a
 * subscription at a local stand-in push service, with keys this test holds: everything else is the real path
 * (the app's offer, the permission request, the subscription sent to the server, the server's encrypted push).
 */
async function fakePushManager(page: Page, endpoint: string, keys: { p256dh: string; auth: string }) {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      // Kept in localStorage, as the browser keeps its permission and subscription across page loads.
      const saved = () =>
        JSON.parse(localStorage.getItem("fake-push") ?? "{}") as { permission?: string; key?: number[] };
      const save = (next: { permission?: string; key?: number[] | undefined }) =>
        localStorage.setItem("fake-push", JSON.stringify({ ...saved(), ...next }));
      const state = window as unknown as { permissionRequests: number };
      state.permissionRequests = Number(sessionStorage.getItem("fake-push-requests") ?? 0);
      Object.defineProperty(Notification, "permission", { get: () => saved().permission ?? "default" });
      Notification.requestPermission = async () => {
        state.permissionRequests += 1;
        sessionStorage.setItem("fake-push-requests", String(state.permissionRequests));
        save({ permission: "granted" });
        return "granted";
      };
      const subscription = (key: number[]) => ({
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          save({ key: undefined });
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = [...((options?.applicationServerKey ?? new Uint8Array()) as Uint8Array)];
        save({ key });
        return subscription(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const key = saved().key;
        return key ? (subscription(key) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, keys },
  );
}

const permissionRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { permissionRequests: number }).permissionRequests);

/** Notifications with the site closed, walked as a member in Chromium. */
describe("web push and the installable app in Chromium", () => {
  let browser: Browser;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    pushService = await startFakePushService();
  });
  afterAll(async () => {
    await browser?.close();
    await pushService?.close();
  });

  async function conversationBetween(from: Member, to: Member): Promise<string> {
    const sent = await callApi<{ data: { conversation: string } }>(baseUrl, "POST", `/profiles/${to.uuid}/messages`, {
      token: from.token,
      body: { type: "text", text: "Hey, fancy a chat?", client_id: randomUUID() },
    });
    expect(sent.status).toBe(201);
    return sent.body.data.conversation;
  }

  for (const width of [375, 1280]) {
    it(`asks for notifications only once a conversation starts, then pushes the reply with the site closed, at ${width} px`, async () => {
      const [me, them] = await Promise.all([
        createVerifiedMember(baseUrl, "pushme"),
        createVerifiedMember(baseUrl, "pushthem"),
      ]);
      const conversation = await conversationBetween(them, me);
      const browserKeys = fakeBrowserKeys();
      const path = `/push/${randomUUID()}`;
      const { page, errors, close } = await newPage(browser, width);
      try {
        await fakePushManager(page, pushService.endpoint(path), browserKeys.keys);
        await logIn(page, baseUrl, me.email, me.password);
        // Never on first load: no offer and no permission request on arriving, nor on opening a conversation.
        await page.goto(`${baseUrl}/messages/${conversation}`);
        const box = page.getByRole("textbox", { name: /^Message to / });
        await box.waitFor();
        const offer = page.getByRole("region", { name: "Know the moment they reply" });
        expect(await offer.count()).toBe(0);
        expect(await permissionRequests(page)).toBe(0);

        // The member answers: the conversation has started, and the offer comes.
        await box.fill("Hi! Yes, tell me about your weekend.");
        await page.getByRole("button", { name: "Send", exact: true }).click();
        await offer.waitFor();
        expect(await permissionRequests(page)).toBe(0);
        await screenshot(page, `push-offer-${width}`, { fullPage: false });
        const axe = await new AxeBuilder({ page }).include("section").withTags(["wcag2a", "wcag2aa"]).analyze();
        expect(axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual(
          [],
        );
        await offer.getByRole("button", { name: "Turn on notifications" }).click();
        await offer.waitFor({ state: "detached" });
        expect(await permissionRequests(page)).toBe(1);

        // The subscription reached the server: account settings show this device on.
        await page.goto(`${baseUrl}/account#notifications`);
        await page.getByText("On: this device shows notifications even with the site closed.").waitFor();
      } finally {
        await close();
      }

      // The site is closed: once the server sees no real-time connection left, their reply arrives as a push, and
      // decrypts here. (A fixed pause was not enough under CI's load: the server still counted the tab online.)
      await waitUntilOffline(baseUrl, me.uuid);
      const sent = await callApi(baseUrl, "POST", `/profiles/${me.uuid}/messages`, {
        token: them.token,
        body: { type: "text", text: "My weekend? Secret plans.", client_id: randomUUID() },
      });
      expect(sent.status).toBe(201);
      const started = Date.now();
      while (!pushService.received.some((push) => push.path === path) && Date.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const push = pushService.received.find((item) => item.path === path);
      expect(push, "a push within 10 s").toBeDefined();
      const payload = JSON.parse(browserKeys.decrypt(push?.body ?? Buffer.alloc(0)));
      expect(payload).toMatchObject({
        body: `${them.username} sent you a message`,
        url: `/message/${conversation}`,
        kind: "messages",
      });
      expect(JSON.stringify(payload)).not.toContain("Secret");
      expect(errors).toEqual([]);
    });
  }

  it("serves the manifest and registers the service worker", async () => {
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { name: string; icons: Array<{ src: string; sizes: string }> };
    expect(body.name).toBe("Velvet Hearts");
    for (const icon of body.icons) {
      const file = await fetch(`${baseUrl}${icon.src}`);
      expect(file.headers.get("content-type")).toBe("image/png");
    }
    const member = await createVerifiedMember(baseUrl, "pwa");
    const { page, errors, close } = await newPage(browser, 375);
    try {
      await logIn(page, baseUrl, member.email, member.password);
      expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${baseUrl}/`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows a push with the service worker, with the page to open", async () => {
    const member = await createVerifiedMember(baseUrl, "swpush");
    const { page, errors, close } = await newPage(browser, 375);
    try {
      await page.context().grantPermissions(["notifications"], { origin: baseUrl });
      await logIn(page, baseUrl, member.email, member.password);
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      // A push as the browser's push service hands it to the worker (Chromium's DevTools protocol).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("ServiceWorker.enable");
      const registration = await new Promise<string>((resolve) => {
        cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const found = registrations.find((item) => item.scopeURL === `${baseUrl}/` && !item.isDeleted);
          if (found) resolve(found.registrationId);
        });
      });
      const payload = {
        title: "Velvet Hearts",
        body: "sam sent you a message",
        url: "/message/0b6f0a8e-6a39-4a43-9a0c-3e3f6f0a2b11",
        tag: "conversation:0b6f0a8e-6a39-4a43-9a0c-3e3f6f0a2b11",
        icon: "/icons/icon-192.png",
        kind: "messages",
      };
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseUrl,
        registrationId: registration,
        data: JSON.stringify(payload),
      });
      const shownNow = () =>
        page.evaluate(async () => {
          const notifications = await (await navigator.serviceWorker.ready).getNotifications();
          const first = notifications[0];
          return first ? { title: first.title, body: first.body, tag: first.tag, data: first.data } : null;
        });
      // The worker shows it asynchronously (event.waitUntil): 5 s was too short with CI's two browser files
      // and the server passes on two cores (seen once: nothing shown after 5 s, shown at once on a quiet machine).
      let shown = await shownNow();
      for (let tries = 0; !shown && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        shown = await shownNow();
      }
      expect(shown).toEqual({
        title: "Velvet Hearts",
        body: "sam sent you a message",
        tag: payload.tag,
        data: { url: payload.url },
      });
      // With permission granted the app subscribes on sign-in, which Chromium refuses in its incognito contexts
      // (every Playwright context is one) with this console error; the real subscription is tested above.
      expect(errors.filter((error) => !error.includes("Push API in incognito mode"))).toEqual([]);
    } finally {
      await close();
    }
  });

  for (const width of [375, 1280]) {
    it(`keeps the notification settings table's choices, at ${width} px`, async () => {
      const member = await createVerifiedMember(baseUrl, "settings");
      const { page, errors, close } = await newPage(browser, width);
      try {
        await logIn(page, baseUrl, member.email, member.password);
        await page.goto(`${baseUrl}/account#notifications`);
        const table = page.getByRole("table", { name: "Which notifications you get by email and by push" });
        // Enabled once the saved settings have loaded.
        const likesByEmail = table.getByRole("checkbox", { name: "Likes by email", disabled: false });
        const visitsByPush = table.getByRole("checkbox", { name: "Profile visits by push", disabled: false });
        await likesByEmail.waitFor();
        expect(await likesByEmail.isChecked()).toBe(true);
        await likesByEmail.click();
        await page.getByText("Saved.").waitFor();
        const savedAgain = page.waitForResponse(
          (response) =>
            response.url().includes("/api/account/notification-settings") && response.request().method() === "PUT",
        );
        await visitsByPush.click();
        await savedAgain;
        await screenshot(page, `push-settings-${width}`, { fullPage: false });
        await page.reload();
        await likesByEmail.waitFor();
        expect(await table.getByRole("checkbox", { name: "Likes by email" }).isChecked()).toBe(false);
        expect(await table.getByRole("checkbox", { name: "Profile visits by push" }).isChecked()).toBe(false);
        expect(await table.getByRole("checkbox", { name: "Messages by email" }).isChecked()).toBe(true);
        const saved = await callApi<{ data: Record<string, { email: boolean; push: boolean }> }>(
          baseUrl,
          "GET",
          "/account/notification-settings",
          { token: member.token },
        );
        expect(saved.body.data.likes).toEqual({ email: false, push: true });
        expect(saved.body.data.visits).toEqual({ email: true, push: false });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

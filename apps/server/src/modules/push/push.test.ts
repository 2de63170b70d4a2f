import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_LOCAL_PUSH_SERVICE_VARIABLE } from "../../platform/config";
import { notifications } from "../../platform/db/schema/notifications";
import { pushSubscriptions, pushVapidKeys } from "../../platform/db/schema/push";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { signedInStaff } from "../../test/operator-factories";
import { fakeBrowserKeys, type ReceivedPush, startFakePushService, verifyVapid } from "../../test/push-service";
import { memberPusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import { PushDelivery } from "./delivery";

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe("web push", () => {
  let server: TestServer;
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    // The fake push service listens on 127.0.0.1, which only this allowance lets the server subscribe and reach.
    server = await startTestServer({ [TEST_LOCAL_PUSH_SERVICE_VARIABLE]: "1" });
    pushService = await startFakePushService();
  });
  afterAll(async () => {
    await server.stop();
    await pushService.close();
  });

  const member = () => signedInMember(server);
  /** A browser of the member subscribed at its own path of the fake push service. */
  const subscribeBrowser = async (who: Member) => {
    const browser = fakeBrowserKeys();
    const path = `/push/${randomUUID()}`;
    const endpoint = pushService.endpoint(path);
    const response = await server.request(
      "/api/push/subscriptions",
      jsonRequest("POST", { endpoint, expirationTime: null, keys: browser.keys }, who.auth),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: { subscribed: true } });
    return { ...browser, path, endpoint };
  };
  const pushesTo = (path: string) => pushService.received.filter((push) => push.path === path);
  /** The next push at this path, within the 5 seconds the issue allows. */
  const nextPush = (path: string, after = 0) =>
    waitFor(() => pushesTo(path)[after], 5_000, `a push to ${path}`) as Promise<ReceivedPush>;
  const publicKey = async (who: Member) =>
    (await (await server.request("/api/push/public-key", { headers: who.auth })).json()).data.public_key as string;
  const act = (from: Member, to: Member, action: "like" | "wink" | "favorite") =>
    server.request(`/api/profiles/${to.uuid}/${action}`, { method: "POST", headers: from.auth });
  const message = (from: Member, to: Member, text: string) =>
    server.request(
      `/api/profiles/${to.uuid}/messages`,
      jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, from.auth),
    );

  it("answers one VAPID public key, generated once and stored, to members only", async () => {
    const someone = await member();
    const first = await publicKey(someone);
    expect(Buffer.from(first, "base64url")).toHaveLength(65);
    expect(await publicKey(await member())).toBe(first);
    const [stored] = await server.context.database.db.select().from(pushVapidKeys);
    expect(stored?.publicKey).toBe(first);
    expect((await server.request("/api/push/public-key")).status).toBe(401);
  });

  it("lists its endpoints in the OpenAPI document", async () => {
    const document = await (await server.request("/api/openapi.json")).json();
    expect(Object.keys(document.paths["/api/push/subscriptions"]).sort()).toEqual(["delete", "post"]);
    expect(document.paths["/api/push/subscriptions"].post.responses).toHaveProperty("201");
    expect(document.paths["/api/push/public-key"]).toHaveProperty("get");
    expect(Object.keys(document.paths["/api/account/notification-settings"]).sort()).toEqual(["get", "put"]);
  });

  it("pushes a like to a member who is away: encrypted (aes128gcm), VAPID-signed, and decrypted here", async () => {
    const away = await member();
    const liker = await member();
    const browser = await subscribeBrowser(away);
    const started = Date.now();
    expect((await act(liker, away, "like")).status).toBe(200);
    const push = await nextPush(browser.path);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(push.headers, await publicKey(away), browser.endpoint);
    // The body is ciphertext: nothing readable reaches the push service.
    expect(push.body.toString("latin1")).not.toContain(liker.username);
    expect(JSON.parse(browser.decrypt(push.body))).toEqual({
      title: "Velvet Hearts",
      body: `${liker.username} liked your profile`,
      url: `/profile/${liker.uuid}`,
      tag: `likes:${liker.uuid}`,
      icon: "/icons/icon-192.png",
      kind: "likes",
    });
  });

  it("pushes messages with a link to the conversation and never their text; winks and favourites to the profile", async () => {
    const away = await member();
    const writer = await member();
    await giveCredits(server, writer, 10);
    const browser = await subscribeBrowser(away);
    expect((await message(writer, away, "a very private sentence")).status).toBe(201);
    const messagePush = JSON.parse(browser.decrypt((await nextPush(browser.path)).body));
    const [row] = await server.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, away.id));
    if (!row) throw new Error("no notification");
    const conversation = (row.data as { message: { conversation: { uuid: string } } }).message.conversation.uuid;
    expect(messagePush).toMatchObject({
      body: `${writer.username} sent you a message`,
      url: `/message/${conversation}`,
      tag: `conversation:${conversation}`,
      kind: "messages",
    });
    expect(JSON.stringify(messagePush)).not.toContain("private");

    expect((await act(writer, away, "wink")).status).toBe(200);
    expect(JSON.parse(browser.decrypt((await nextPush(browser.path, 1)).body))).toMatchObject({
      body: `${writer.username} winked at you`,
      url: `/profile/${writer.uuid}`,
      kind: "winks",
    });
    expect((await act(writer, away, "favorite")).status).toBe(200);
    expect(JSON.parse(browser.decrypt((await nextPush(browser.path, 2)).body))).toMatchObject({
      body: `${writer.username} added you to their favourites`,
      url: `/profile/${writer.uuid}`,
      kind: "favorites",
    });
  });

  it("sends nothing while the member has a real-time connection open", async () => {
    const online = await member();
    const liker = await member();
    const browser = await subscribeBrowser(online);
    const client = memberPusherClient(server, online.auth);
    try {
      await subscribed(client, `private-notifications.user.${online.uuid}`);
      await act(liker, online, "like");
      const [row] = await server.context.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, online.id));
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(row).toBeDefined();
      expect(pushesTo(browser.path)).toEqual([]);
    } finally {
      client.disconnect();
    }
    // Away again (the socket's goodbye reaches the directory): the next one is pushed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await act(liker, online, "favorite");
    expect(JSON.parse(browser.decrypt((await nextPush(browser.path)).body)).kind).toBe("favorites");
  });

  it("removes a subscription whose push service answers 404 or 410, and keeps the others", async () => {
    const away = await member();
    const liker = await member();
    const gone = await subscribeBrowser(away);
    const missing = await subscribeBrowser(away);
    const alive = await subscribeBrowser(away);
    pushService.answer(gone.path, 410);
    pushService.answer(missing.path, 404);
    await act(liker, away, "like");
    await nextPush(alive.path);
    await waitFor(() => pushesTo(gone.path)[0] && pushesTo(missing.path)[0]);
    const remaining = await waitForRows(away.id, 1);
    expect(remaining.map((row) => row.endpoint)).toEqual([alive.endpoint]);
  });

  it("follows the member's push settings per kind", async () => {
    const away = await member();
    const other = await member();
    const browser = await subscribeBrowser(away);
    const settings = await (await server.request("/api/account/notification-settings", { headers: away.auth })).json();
    settings.data.likes.push = false;
    await server.request("/api/account/notification-settings", jsonRequest("PUT", settings.data, away.auth));
    await act(other, away, "like");
    await act(other, away, "wink");
    // Only the wink arrives; the like was never pushed.
    expect(JSON.parse(browser.decrypt((await nextPush(browser.path)).body)).kind).toBe("winks");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pushesTo(browser.path)).toHaveLength(1);
  });

  it("does not push what was already read, and a connected member's notification stays unpushed", async () => {
    const away = await member();
    const liker = await member();
    const browser = await subscribeBrowser(away);
    const [row] = await server.context.database.db
      .insert(notifications)
      .values({ userId: away.id, actionType: "USER_LIKE", data: { from_user_name: liker.username } })
      .returning();
    if (!row) throw new Error("no notification");
    const delivery = (connected: boolean) => new PushDelivery(server.context, async () => connected);
    expect(await delivery(true).deliver(row.id)).toEqual({ sent: 0, removed: 0 });
    expect(await delivery(false).deliver(row.id)).toEqual({ sent: 1, removed: 0 });
    await server.context.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, row.id));
    expect(await delivery(false).deliver(row.id)).toEqual({ sent: 0, removed: 0 });
    expect(pushesTo(browser.path)).toHaveLength(1);
  });

  it("never connects to this machine without the test allowance, whatever the stored subscription says", async () => {
    const away = await member();
    const browser = await subscribeBrowser(away);
    const [row] = await server.context.database.db
      .insert(notifications)
      .values({ userId: away.id, actionType: "USER_LIKE", data: { from_user_name: "someone" } })
      .returning();
    if (!row) throw new Error("no notification");
    const { config } = server.context;
    const production = { ...config, push: { ...config.push, localServiceForTests: false } };
    const delivery = new PushDelivery({ ...server.context, config: production }, async () => false);
    await expect(delivery.deliver(row.id)).rejects.toThrow("every push service refused or was unreachable");
    expect(pushesTo(browser.path)).toEqual([]);
  });

  describe("subscriptions belong to their member", () => {
    it("lets a member remove only their own subscription", async () => {
      const owner = await member();
      const stranger = await member();
      const browser = await subscribeBrowser(owner);
      const refused = await server.request(
        "/api/push/subscriptions",
        jsonRequest("DELETE", { endpoint: browser.endpoint }, stranger.auth),
      );
      expect(await refused.json()).toEqual({ data: { subscribed: false } });
      expect((await waitForRows(owner.id, 1)).map((row) => row.endpoint)).toEqual([browser.endpoint]);

      const removed = await server.request(
        "/api/push/subscriptions",
        jsonRequest("DELETE", { endpoint: browser.endpoint }, owner.auth),
      );
      expect(removed.status).toBe(200);
      expect(await waitForRows(owner.id, 0)).toEqual([]);
    });

    it("moves a browser to the member who subscribes it last (a shared computer)", async () => {
      const first = await member();
      const second = await member();
      const browser = await subscribeBrowser(first);
      const again = await server.request(
        "/api/push/subscriptions",
        jsonRequest("POST", { endpoint: browser.endpoint, keys: browser.keys }, second.auth),
      );
      expect(again.status).toBe(201);
      expect(await waitForRows(first.id, 0)).toEqual([]);
      expect((await waitForRows(second.id, 1))[0]?.endpoint).toBe(browser.endpoint);
    });

    it("refuses to subscribe the browser of staff acting as the member", async () => {
      const someone = await member();
      const operator = await signedInStaff(server);
      const issued = await server.request(`/api/admin/users/${someone.uuid}/impersonation`, {
        method: "POST",
        headers: operator.auth,
      });
      const used = await server.request(
        "/api/impersonate",
        jsonRequest("POST", { token: (await issued.json()).data.token }),
      );
      const actingAs = { Authorization: `Bearer ${(await used.json()).data.access_token}` };
      const refused = await server.request(
        "/api/push/subscriptions",
        jsonRequest("POST", { endpoint: pushService.endpoint("/staff"), keys: fakeBrowserKeys().keys }, actingAs),
      );
      expect(refused.status).toBe(403);
      expect(await waitForRows(someone.id, 0)).toEqual([]);
    });

    it("refuses guests, malformed subscriptions, and endpoints that are not push services", async () => {
      const someone = await member();
      const keys = fakeBrowserKeys().keys;
      const guest = await server.request(
        "/api/push/subscriptions",
        jsonRequest("POST", { endpoint: pushService.endpoint("/x"), keys }),
      );
      expect(guest.status).toBe(401);
      const guestDelete = await server.request(
        "/api/push/subscriptions",
        jsonRequest("DELETE", { endpoint: pushService.endpoint("/x") }),
      );
      expect(guestDelete.status).toBe(401);
      const noKeys = await server.request(
        "/api/push/subscriptions",
        jsonRequest("POST", { endpoint: pushService.endpoint("/x") }, someone.auth),
      );
      expect(noKeys.status).toBe(422);
      const internal = await server.request(
        "/api/push/subscriptions",
        jsonRequest("POST", { endpoint: "http://10.0.0.5/push", keys }, someone.auth),
      );
      expect(internal.status).toBe(422);
      expect(await waitForRows(someone.id, 0)).toEqual([]);
    });
  });

  async function waitForRows(userId: number, count: number) {
    const started = Date.now();
    for (;;) {
      const rows = await server.context.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if (rows.length === count || Date.now() - started > 5_000) return rows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { notificationMutes, notifications } from "../../platform/db/schema/notifications";
import { pushNotificationClicks, sitePopupEvents } from "../../platform/db/schema/tracking";
import {
  giveCredits,
  jsonRequest,
  type MemberFactoryOptions,
  mailsTo,
  signedInMember,
  waitForJobsToSettle,
} from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { DIGEST_WINDOW_MS, NotificationDigest } from "./email-digest";

describe("notifications", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const member = (options: MemberFactoryOptions = {}) => signedInMember(server, options);
  const get = async (who: { auth: Record<string, string> }, path: string) => {
    const response = await server.request(path, { headers: who.auth });
    return { status: response.status, body: await response.json() };
  };
  const like = (from: { auth: Record<string, string> }, to: { uuid: string }) =>
    server.request(`/api/profiles/${to.uuid}/like`, { method: "POST", headers: from.auth });
  const message = (from: { auth: Record<string, string> }, to: { uuid: string }, text: string) =>
    server.request(
      `/api/profiles/${to.uuid}/messages`,
      jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, from.auth),
    );

  const managing = { features: { muteUserNotifications: true } };

  it("lists newest first in pages of 15, counts unread, and stays right while new ones arrive", async () => {
    const owner = await member(managing);
    for (let index = 0; index < 16; index++) await like(await member(), owner);
    const first = await get(owner, "/api/user-notifications?page=1");
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, total: 16 });
    expect(first.body.data).toHaveLength(15);
    const ids = first.body.data.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.body.data[0]).toMatchObject({ read_at: null, isUnread: true, data: { action_type: "USER_LIKE" } });
    expect((await get(owner, "/api/notifications/count")).body).toEqual({ data: { count: 16 } });

    // Two more arrive: the count follows and page 1 (which the client reloads) starts with them.
    await like(await member(), owner);
    await like(await member(), owner);
    expect((await get(owner, "/api/notifications/count")).body.data.count).toBe(18);
    const reloaded = await get(owner, "/api/user-notifications?page=1");
    expect(reloaded.body.meta).toMatchObject({ last_page: 2, total: 18 });
    expect(reloaded.body.data[0].id).toBeGreaterThan(ids[0]);

    const one = reloaded.body.data[3];
    const marked = await server.request(`/api/user-notifications/${one.id}`, { method: "PUT", headers: owner.auth });
    expect((await marked.json()).data).toMatchObject({ id: one.id, isUnread: false });
    expect((await get(owner, "/api/notifications/count")).body.data.count).toBe(17);
    const removed = await server.request(`/api/user-notifications/${one.id}`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(await removed.json()).toEqual({ data: { deleted: true } });
    expect((await get(owner, "/api/user-notifications")).body.meta.total).toBe(17);

    expect(
      (await server.request("/api/user-notifications/read-all", { method: "POST", headers: owner.auth })).status,
    ).toBe(200);
    expect((await get(owner, "/api/notifications/count")).body.data.count).toBe(0);
  });

  it("answers 404 for another member's notification on read, mark and delete, and 401 to guests", async () => {
    const owner = await member();
    const stranger = await member(managing);
    await like(stranger, owner);
    const [row] = await server.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    if (!row) throw new Error("no notification");
    expect(
      (await server.request(`/api/user-notifications/${row.id}`, { method: "PUT", headers: stranger.auth })).status,
    ).toBe(404);
    expect(
      (await server.request(`/api/user-notifications/${row.id}`, { method: "DELETE", headers: stranger.auth })).status,
    ).toBe(404);
    expect((await get(stranger, "/api/user-notifications")).body.data).toEqual([]);
    const [still] = await server.context.database.db.select().from(notifications).where(eq(notifications.id, row.id));
    expect(still?.readAt).toBeNull();
    expect((await server.request("/api/notifications/count")).status).toBe(401);
  });

  it("creates nothing from a muted sender until unmuted", async () => {
    const owner = await member(managing);
    const noisy = await member();
    await giveCredits(server, noisy, 5);
    const muted = await server.request(`/api/user-notifications/${noisy.username.toUpperCase()}/mute`, {
      method: "POST",
      headers: owner.auth,
    });
    expect(await muted.json()).toEqual({ data: { username: noisy.username, muted: true } });
    await like(noisy, owner);
    expect((await message(noisy, owner, "hello?")).status).toBe(201);
    expect((await get(owner, "/api/notifications/count")).body.data.count).toBe(0);

    const unmuted = await server.request(`/api/user-notifications/${noisy.username}/unmute`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(await unmuted.json()).toEqual({ data: { username: noisy.username, muted: false } });
    await message(noisy, owner, "now?");
    const list = await get(owner, "/api/user-notifications");
    expect(list.body.data.map((item: { data: { action_type: string } }) => item.data.action_type)).toEqual([
      "MESSAGE_RECEIVED",
    ]);

    const self = await server.request(`/api/user-notifications/${owner.username}/mute`, {
      method: "POST",
      headers: owner.auth,
    });
    expect(self.status).toBe(422);
    expect((await self.json()).message).toBe("You cannot mute your own notifications.");
    const unknown = await server.request("/api/user-notifications/nobody-at-all/mute", {
      method: "POST",
      headers: owner.auth,
    });
    expect(unknown.status).toBe(422);
  });

  it("refuses delete and mute with 403 to a member without the feature, whatever the browser shows", async () => {
    const owner = await member();
    const sender = await member();
    await like(sender, owner);
    const [row] = await server.context.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    if (!row) throw new Error("no notification");
    const refusal = { message: "Deleting and muting notifications is not available on your account." };
    const removed = await server.request(`/api/user-notifications/${row.id}`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(removed.status).toBe(403);
    expect(await removed.json()).toEqual(refusal);
    const muted = await server.request(`/api/user-notifications/${sender.username}/mute`, {
      method: "POST",
      headers: owner.auth,
    });
    expect(muted.status).toBe(403);
    expect(await muted.json()).toEqual(refusal);
    expect((await get(owner, "/api/user-notifications")).body.meta.total).toBe(1);
    const mutes = await server.context.database.db
      .select()
      .from(notificationMutes)
      .where(eq(notificationMutes.userId, owner.id));
    expect(mutes).toEqual([]);
  });

  it("stores popup impressions and clicks, and push notification clicks", async () => {
    const viewer = await member();
    const other = await member();
    for (const action of ["IMPRESSION", "CLICKED"]) {
      const response = await server.request(
        "/api/site-popups",
        jsonRequest(
          "POST",
          { profile_user_uuid: other.uuid, notification_type: "MESSAGE_RECEIVED", action_type: action },
          viewer.auth,
        ),
      );
      expect(response.status).toBe(204);
    }
    const rows = await server.context.database.db
      .select()
      .from(sitePopupEvents)
      .where(eq(sitePopupEvents.userId, viewer.id));
    expect(rows.map((row) => [row.profileUserId, row.actionType])).toEqual([
      [other.id, "IMPRESSION"],
      [other.id, "CLICKED"],
    ]);
    const bad = await server.request(
      "/api/site-popups",
      jsonRequest(
        "POST",
        { profile_user_uuid: other.uuid, notification_type: "MESSAGE_RECEIVED", action_type: "HOVER" },
        viewer.auth,
      ),
    );
    expect(bad.status).toBe(422);

    expect(
      (await server.request("/api/push-notification-clicks?x=28&t=2", { method: "POST", headers: viewer.auth })).status,
    ).toBe(204);
    const clicks = await server.context.database.db
      .select()
      .from(pushNotificationClicks)
      .where(eq(pushNotificationClicks.userId, viewer.id));
    expect(clicks.map((row) => [row.x, row.t])).toEqual([[28, 2]]);
  });

  it("lets admins, and only admins, set a member's feature flags", async () => {
    const admin = await member({ roles: ["admin"] });
    const target = await member();
    const path = `/api/admin/users/${target.uuid}/features`;
    const refused = await server.request(path, jsonRequest("PUT", { muteUserNotifications: true }, target.auth));
    expect(refused.status).toBe(403);
    const set = await server.request(
      path,
      jsonRequest("PUT", { muteUserNotifications: true, promoBadge: "v2" }, admin.auth),
    );
    expect(set.status).toBe(200);
    const me = await (await server.request("/api/me", { method: "POST", headers: target.auth })).json();
    expect(me.data.features).toEqual({ muteUserNotifications: true, promoBadge: "v2" });
  });

  describe("email for members who are away", () => {
    function digestWith(connected: Set<string> = new Set()) {
      return new NotificationDigest(server.context, async (uuid) => connected.has(uuid));
    }
    /** What the digest queued and the jobs queue delivered, oldest first. */
    const delivered = async (address: string | null) => {
      await waitForJobsToSettle(server);
      return (await mailsTo(server, address ?? "")).reverse();
    };

    it("groups quick messages into one email, then waits 15 minutes before the next", async () => {
      const away = await member();
      const writer = await member();
      await giveCredits(server, writer, 10);
      for (const text of ["one", "two", "three"]) await message(writer, away, text);
      const digest = digestWith();
      const now = new Date();
      await digest.runOnce(now);
      const first = await delivered(away.email);
      expect(first).toHaveLength(1);
      expect(first[0]?.subject).toBe("3 new notifications on Velvet Hearts");
      expect(first[0]?.text).toContain(`${writer.username} sent you 3 messages, the latest: “three”`);
      expect(first[0]?.text).toContain("/unsubscribe?token=");

      await like(writer, away);
      await digest.runOnce(new Date(now.getTime() + 60_000));
      expect(await delivered(away.email)).toHaveLength(1);
      await digest.runOnce(new Date(now.getTime() + DIGEST_WINDOW_MS + 1_000));
      const both = await delivered(away.email);
      expect(both).toHaveLength(2);
      expect(both[1]?.subject).toBe(`${writer.username} liked your profile on Velvet Hearts`);
    });

    it("sends nothing to a member who turned emails off, or who is connected", async () => {
      const quiet = await member();
      const online = await member();
      const writer = await member();
      await giveCredits(server, writer, 10);
      await server.context.database.db
        .update(users)
        .set({ preferences: { email: { notifications: false } } })
        .where(eq(users.id, quiet.id));
      await message(writer, quiet, "hi");
      await message(writer, online, "hi");
      await digestWith(new Set([online.uuid])).runOnce();
      expect([...(await delivered(quiet.email)), ...(await delivered(online.email))]).toEqual([]);
      // Neither is left waiting for a later email.
      const due = await server.context.database.db.select().from(notifications).where(eq(notifications.emailDue, true));
      expect(due.filter((row) => row.userId === quiet.id || row.userId === online.id)).toEqual([]);
    });
  });
});

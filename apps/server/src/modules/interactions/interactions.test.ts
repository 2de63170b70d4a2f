import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../platform/db/schema/notifications";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { createMember, reloadUser, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("likes, winks, favorites and blocks", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function pair() {
    const a = await createMember(server);
    const b = await createMember(server);
    return {
      a,
      b,
      asA: (await signIn(server, a.email ?? "", a.password)).authorization,
      asB: (await signIn(server, b.email ?? "", b.password)).authorization,
    };
  }
  const act = (method: string, uuid: string, what: string, headers: Record<string, string>) =>
    server.request(`/api/profiles/${uuid}/${what}`, { method, headers });
  const notificationsOf = async (userId: number, actionType: string) =>
    server.context.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.actionType, actionType)));

  it("likes once however often it is sent, notifies once with the liker, and can be undone", async () => {
    const { a, b, asA, asB } = await pair();
    for (let attempt = 0; attempt < 3; attempt++) expect((await act("POST", b.uuid, "like", asA)).status).toBe(200);
    const likes = await notificationsOf(b.id, "USER_LIKE");
    expect(likes).toHaveLength(1);
    expect(likes[0]?.data).toMatchObject({
      action_type: "USER_LIKE",
      from_user_uuid: a.uuid,
      liker: { uuid: a.uuid, username: a.username },
    });
    const outbox = await server.context.database.db
      .select()
      .from(realtimeOutbox)
      .where(eq(realtimeOutbox.channel, `private-notifications.user.${b.uuid}`));
    expect(outbox.map((row) => row.event)).toContain("NEW_NOTIFICATION");

    const profile = await (await server.request(`/api/profiles/${b.uuid}`, { headers: asA })).json();
    expect(profile.data.relation.liked).toBe(true);
    expect((await act("DELETE", b.uuid, "like", asA)).status).toBe(200);
    expect((await (await server.request(`/api/profiles/${b.uuid}`, { headers: asA })).json()).data.relation.liked).toBe(
      false,
    );
    expect((await act("POST", a.uuid, "like", asB)).status).toBe(200);
  });

  it("counts a wink in the target's received winks, once", async () => {
    const { b, asA, asB } = await pair();
    await act("POST", b.uuid, "wink", asA);
    await act("POST", b.uuid, "wink", asA);
    expect((await reloadUser(server, b.id))?.receivedWinksCount).toBe(1);
    expect(await notificationsOf(b.id, "PROFILE_WINK")).toHaveLength(1);
    const me = await (await server.request("/api/me", { method: "POST", headers: asB })).json();
    expect(me.data.received_wink_interactions_count).toBe(1);
  });

  it("lists favorites both ways and clears the unread count when the member opens 'favorited me'", async () => {
    const { a, b, asA, asB } = await pair();
    await act("POST", b.uuid, "favorite", asA);
    expect((await reloadUser(server, b.id))?.unreadFavoritesCount).toBe(1);
    const mine = await (await server.request("/api/my-favorites", { headers: asA })).json();
    expect(mine.data.map((card: { uuid: string }) => card.uuid)).toEqual([b.uuid]);
    const theirs = await (await server.request("/api/my-favorites?tab=favorited_me", { headers: asB })).json();
    expect(theirs.data.map((card: { uuid: string }) => card.uuid)).toEqual([a.uuid]);
    expect((await reloadUser(server, b.id))?.unreadFavoritesCount).toBe(0);
    await act("DELETE", b.uuid, "favorite", asA);
    expect((await (await server.request("/api/my-favorites", { headers: asA })).json()).data).toEqual([]);
  });

  it("hides a blocked pair from each other everywhere, both ways, until unblocked", async () => {
    const { a, b, asA, asB } = await pair();
    await act("POST", b.uuid, "favorite", asA);
    expect((await act("POST", b.uuid, "block", asA)).status).toBe(200);

    for (const [viewer, target] of [
      [asA, b.uuid],
      [asB, a.uuid],
    ] as const) {
      expect((await server.request(`/api/profiles/${target}`, { headers: viewer })).status).toBe(404);
      for (const what of ["like", "wink", "favorite"])
        expect((await act("POST", target, what, viewer)).status).toBe(404);
      const everyone: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: Array<{ uuid: string }>; meta: { next_cursor: string | null } } = await (
          await server.request(`/api/profiles?gender=male${cursor ? `&cursor=${cursor}` : ""}`, { headers: viewer })
        ).json();
        everyone.push(...page.data.map((card) => card.uuid));
        cursor = page.meta.next_cursor;
      } while (cursor);
      expect(everyone).not.toContain(target);
    }
    expect((await (await server.request("/api/my-favorites", { headers: asA })).json()).data).toEqual([]);
    expect(await notificationsOf(a.id, "USER_LIKE")).toHaveLength(0);

    expect((await act("DELETE", b.uuid, "block", asA)).status).toBe(200);
    expect((await server.request(`/api/profiles/${b.uuid}`, { headers: asA })).status).toBe(200);
  });

  it("answers 404 for unknown members and 401 for guests", async () => {
    const { asA } = await pair();
    expect((await act("POST", "00000000-0000-4000-8000-000000000000", "like", asA)).status).toBe(404);
    const { b } = await pair();
    expect((await act("POST", b.uuid, "wink", {})).status).toBe(401);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import { createMember, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("GET /api/my-likes: who liked or winked at me", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function signedIn() {
    const member = await createMember(server);
    return { member, auth: (await signIn(server, member.email ?? "", member.password)).authorization };
  }
  const act = (what: string, uuid: string, auth: Record<string, string>) =>
    server.request(`/api/profiles/${uuid}/${what}`, { method: "POST", headers: auth });
  const list = async (auth: Record<string, string>, query: string) => {
    const response = await server.request(`/api/my-likes${query}`, { headers: auth });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      data: Array<{ uuid: string; username: string; age: number | null; primary_photo: { thumb: string } }>;
      meta: { next_cursor: string | null; per_page: number };
    };
  };
  const counts = async (auth: Record<string, string>) => {
    const me = await (await server.request("/api/me", { method: "POST", headers: auth })).json();
    return { likes: me.data.new_likes_count as number, winks: me.data.new_winks_count as number };
  };

  it("lists likers and winkers as search cards, newest first, each tab clearing only its own new count", async () => {
    const me = await signedIn();
    const first = await signedIn();
    const second = await signedIn();
    await act("like", me.member.uuid, first.auth);
    await act("like", me.member.uuid, second.auth);
    await act("wink", me.member.uuid, second.auth);
    // A repeat changes nothing and counts nothing.
    await act("like", me.member.uuid, first.auth);
    expect(await counts(me.auth)).toEqual({ likes: 2, winks: 1 });

    const liked = await list(me.auth, "?tab=liked_me");
    expect(liked.data.map((card) => card.uuid)).toEqual([second.member.uuid, first.member.uuid]);
    expect(Object.keys(liked.data[0] ?? {}).sort()).toEqual(
      [
        "uuid",
        "username",
        "gender",
        "age",
        "state",
        "city",
        "headline",
        "last_active_at",
        "online",
        "primary_photo",
      ].sort(),
    );
    expect(await counts(me.auth)).toEqual({ likes: 0, winks: 1 });

    const winked = await list(me.auth, "?tab=winked_me");
    expect(winked.data.map((card) => card.uuid)).toEqual([second.member.uuid]);
    expect(await counts(me.auth)).toEqual({ likes: 0, winks: 0 });
    // The default tab is liked_me; my own likes never show in my list.
    expect((await list(first.auth, "")).data).toEqual([]);
  });

  it("drops hidden, blocked and deleted members, as visitors does", async () => {
    const me = await signedIn();
    const kept = await signedIn();
    const deactivated = await signedIn();
    const deleted = await signedIn();
    const blockedByMe = await signedIn();
    const blockingMe = await signedIn();
    for (const liker of [kept, deactivated, deleted, blockedByMe, blockingMe]) {
      expect((await act("like", me.member.uuid, liker.auth)).status).toBe(200);
    }
    const { db } = server.context.database;
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.member.id));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.member.id));
    await act("block", blockedByMe.member.uuid, me.auth);
    await act("block", me.member.uuid, blockingMe.auth);
    expect((await list(me.auth, "?tab=liked_me")).data.map((card) => card.uuid)).toEqual([kept.member.uuid]);
  });

  it("pages with a cursor, each liker exactly once", async () => {
    const me = await signedIn();
    const likers: string[] = [];
    for (let index = 0; index < 27; index++) {
      const liker = await createMember(server);
      await server.context.database.db
        .insert(interactions)
        .values({ kind: "like", fromUserId: liker.id, toUserId: me.member.id });
      likers.unshift(liker.uuid);
    }
    const first = await list(me.auth, "?tab=liked_me");
    expect(first.data).toHaveLength(24);
    expect(first.meta.next_cursor).not.toBeNull();
    const second = await list(me.auth, `?tab=liked_me&cursor=${first.meta.next_cursor}`);
    expect(second.meta.next_cursor).toBeNull();
    expect([...first.data, ...second.data].map((card) => card.uuid)).toEqual(likers);
  });

  it("answers 401 to guests and 422 to an unknown tab", async () => {
    const me = await signedIn();
    expect((await server.request("/api/my-likes")).status).toBe(401);
    expect((await server.request("/api/my-likes?tab=everyone", { headers: me.auth })).status).toBe(422);
  });
});

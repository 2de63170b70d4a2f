import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";
import { createMember, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { BLOCKS_PAGE_SIZE } from "./blocks";

describe("GET /api/blocks: the members I blocked", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function signedIn() {
    const member = await createMember(server);
    return { member, auth: (await signIn(server, member.email ?? "", member.password)).authorization };
  }
  const block = (uuid: string, auth: Record<string, string>) =>
    server.request(`/api/profiles/${uuid}/block`, { method: "POST", headers: auth });
  const list = async (auth: Record<string, string>, query = "") => {
    const response = await server.request(`/api/blocks${query}`, { headers: auth });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      data: Array<{ uuid: string; username: string; photo_url: string; blocked_at: string }>;
      meta: { next_cursor: string | null; per_page: number };
    };
  };

  it("lists whom I blocked, newest first, with name, photo and time, and drops them once unblocked", async () => {
    const { auth } = await signedIn();
    const first = await createMember(server);
    const second = await createMember(server);
    expect((await block(first.uuid, auth)).status).toBe(200);
    expect((await block(second.uuid, auth)).status).toBe(200);

    const listed = await list(auth);
    expect(listed.data.map((row) => row.uuid)).toEqual([second.uuid, first.uuid]);
    expect(listed.data[0]).toEqual({
      uuid: second.uuid,
      username: second.username,
      photo_url: "/avatars/default-male.svg",
      blocked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(listed.meta).toEqual({ next_cursor: null, per_page: BLOCKS_PAGE_SIZE });

    expect(
      (await server.request(`/api/profiles/${second.uuid}/block`, { method: "DELETE", headers: auth })).status,
    ).toBe(200);
    expect((await list(auth)).data.map((row) => row.uuid)).toEqual([first.uuid]);
  });

  it("pages with the cursor convention of the other lists", async () => {
    const { member, auth } = await signedIn();
    const blocked = [];
    for (let index = 0; index < BLOCKS_PAGE_SIZE + 2; index++) blocked.push(await createMember(server));
    await server.context.database.db
      .insert(interactions)
      .values(blocked.map((target) => ({ kind: "block", fromUserId: member.id, toUserId: target.id })));

    const first = await list(auth);
    expect(first.data).toHaveLength(BLOCKS_PAGE_SIZE);
    expect(first.meta.next_cursor).not.toBeNull();
    const second = await list(auth, `?cursor=${first.meta.next_cursor}`);
    expect(second.data).toHaveLength(2);
    expect(second.meta.next_cursor).toBeNull();
    const all = [...first.data, ...second.data].map((row) => row.uuid);
    expect(new Set(all).size).toBe(BLOCKS_PAGE_SIZE + 2);
    expect(all.toSorted()).toEqual(blocked.map((row) => row.uuid).toSorted());
  });

  it("shows only my own blocks: not who blocked me, not another member's, not deleted accounts", async () => {
    const { member: me, auth: asMe } = await signedIn();
    const { member: other, auth: asOther } = await signedIn();
    const stranger = await createMember(server);
    const gone = await createMember(server);
    await block(stranger.uuid, asOther);
    await block(me.uuid, asOther);
    await block(gone.uuid, asMe);
    await server.context.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

    expect((await list(asMe)).data).toEqual([]);
    expect((await list(asOther)).data.map((row) => row.uuid)).toEqual([me.uuid, stranger.uuid]);
    expect(other.id).not.toBe(me.id);
  });

  it("answers a guest 401", async () => {
    const response = await server.request("/api/blocks");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthenticated." });
  });
});

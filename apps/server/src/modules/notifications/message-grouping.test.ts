import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

type Who = { auth: Record<string, string> };

/** One bell item per conversation, read with the conversation; other kinds stay apart. */
describe("message notifications grouped per conversation", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const get = async (who: Who, path: string) => (await server.request(path, { headers: who.auth })).json();
  const write = async (from: Who, to: { uuid: string }, text: string) => {
    const response = await server.request(
      `/api/profiles/${to.uuid}/messages`,
      jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, from.auth),
    );
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: number; conversation: string };
  };
  const items = async (who: Who) =>
    (await get(who, "/api/user-notifications")).data as {
      id: number;
      isUnread: boolean;
      data: { action_type: string; count?: number; message?: { text: string } };
    }[];
  const unread = async (who: Who) => (await get(who, "/api/notifications/count")).data.count as number;

  it("keeps one item per conversation with the count and the latest message, apart from likes", async () => {
    const [owner, alex, sam] = await Promise.all([
      signedInMember(server),
      signedInMember(server),
      signedInMember(server),
    ]);
    await Promise.all([giveCredits(server, alex, 10), giveCredits(server, sam, 10)]);
    await write(alex, owner, "Hi there");
    await write(alex, owner, "Are you around tonight?");
    await server.request(`/api/profiles/${owner.uuid}/like`, { method: "POST", headers: sam.auth });
    await write(sam, owner, "Hello from Sam");
    await write(alex, owner, "Dinner at eight?");

    const list = await items(owner);
    expect(list.map((item) => [item.data.action_type, item.data.count, item.data.message?.text])).toEqual([
      ["MESSAGE_RECEIVED", 3, "Dinner at eight?"],
      ["MESSAGE_RECEIVED", 1, "Hello from Sam"],
      ["USER_LIKE", undefined, undefined],
    ]);
    expect(await unread(owner)).toBe(3);
  });

  it("reads the conversation's item when the member reads the conversation, and tells their tabs", async () => {
    const [owner, alex] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await giveCredits(server, alex, 10);
    await server.request(`/api/profiles/${owner.uuid}/like`, { method: "POST", headers: alex.auth });
    await write(alex, owner, "First");
    const last = await write(alex, owner, "Second");
    expect(await unread(owner)).toBe(2);

    const read = await server.request(
      `/api/user-conversations/${last.conversation}/read`,
      jsonRequest("POST", { up_to_id: last.id }, owner.auth),
    );
    expect(read.status).toBe(200);
    const list = await items(owner);
    expect(list.map((item) => [item.data.action_type, item.isUnread])).toEqual([
      ["MESSAGE_RECEIVED", false],
      ["USER_LIKE", true],
    ]);
    expect(await unread(owner)).toBe(1);
    const events = await server.context.database.db
      .select({ payload: realtimeOutbox.payload })
      .from(realtimeOutbox)
      .where(
        and(
          eq(realtimeOutbox.channel, `private-notifications.user.${owner.uuid}`),
          eq(realtimeOutbox.event, "NotificationsRead"),
        ),
      );
    expect(events.map((event) => event.payload)).toEqual([{ unread_count: 1 }]);

    // A new message after reading starts the count again, on one unread item at the top.
    await write(alex, owner, "Third");
    const again = await items(owner);
    expect(again).toHaveLength(2);
    expect(again[0]).toMatchObject({ isUnread: true, data: { count: 1, message: { text: "Third" } } });
  });

  it("keeps one item with every message counted when many arrive at once", async () => {
    const [owner, alex] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await giveCredits(server, alex, 20);
    await write(alex, owner, "First");
    await Promise.all(Array.from({ length: 8 }, (_, index) => write(alex, owner, `At once ${index}`)));
    const list = await items(owner);
    expect(list).toHaveLength(1);
    expect(list[0]?.data.count).toBe(9);
  });

  it("reads only the reader's own item: the partner's notifications are untouched", async () => {
    const [owner, alex] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await Promise.all([giveCredits(server, alex, 10), giveCredits(server, owner, 10)]);
    const first = await write(alex, owner, "Hi");
    await write(owner, alex, "Hi back");
    // Alex reads the conversation (the owner's reply): the owner's item about Alex's message stays unread.
    const reply = (await get(alex, `/api/user-conversations/${first.conversation}/messages`)).data[0];
    await server.request(
      `/api/user-conversations/${first.conversation}/read`,
      jsonRequest("POST", { up_to_id: reply.id }, alex.auth),
    );
    expect(await unread(alex)).toBe(0);
    expect(await unread(owner)).toBe(1);
  });

  it("reads the item when the member deletes the conversation for themselves", async () => {
    const [owner, alex] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await giveCredits(server, alex, 10);
    const sent = await write(alex, owner, "Hi");
    expect(await unread(owner)).toBe(1);
    const removed = await server.request(`/api/user-conversations/${sent.conversation}`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(removed.status).toBeLessThan(300);
    expect(await unread(owner)).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realtimeOutbox } from "../../platform/db/schema/realtime";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

type Who = { auth: Record<string, string> };

/** "Delete one message for yourself; the conversation keeps the partner's copy." */
describe("deleting one message for yourself", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const get = async (who: Who, path: string) => {
    const response = await server.request(path, { headers: who.auth });
    return { status: response.status, body: await response.json() };
  };
  const write = async (from: Who, to: { uuid: string }, text: string) => {
    const response = await server.request(
      `/api/profiles/${to.uuid}/messages`,
      jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, from.auth),
    );
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: number; conversation: string };
  };
  const hide = (who: Who, conversation: string, messageId: number) =>
    server.request(`/api/user-conversations/${conversation}/messages/${messageId}`, {
      method: "DELETE",
      headers: who.auth,
    });
  const texts = async (who: Who, conversation: string) =>
    ((await get(who, `/api/user-conversations/${conversation}/messages`)).body.data as { text: string }[]).map(
      (message) => message.text,
    );

  async function pair() {
    const [alex, sam] = await Promise.all([signedInMember(server), signedInMember(server)]);
    await Promise.all([giveCredits(server, alex, 10), giveCredits(server, sam, 10)]);
    return { alex, sam };
  }

  it("hides a sent and a received message for the member only; the partner keeps both", async () => {
    const { alex, sam } = await pair();
    const first = await write(alex, sam, "Hello Sam");
    const reply = await write(sam, alex, "Hi Alex");
    await write(alex, sam, "Coffee?");

    const own = await hide(alex, first.conversation, first.id);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ data: { id: first.id, hidden: true } });
    expect((await hide(alex, first.conversation, reply.id)).status).toBe(200);
    // Twice is harmless.
    expect((await hide(alex, first.conversation, reply.id)).status).toBe(200);

    expect(await texts(alex, first.conversation)).toEqual(["Coffee?"]);
    expect(await texts(sam, first.conversation)).toEqual(["Coffee?", "Hi Alex", "Hello Sam"]);
    // Catching up after a reconnect skips it too.
    const after = await get(alex, `/api/user-conversations/${first.conversation}/messages?after=0`);
    expect(after.body.data.map((message: { text: string }) => message.text)).toEqual(["Coffee?"]);

    // The other tabs of the member (and only the member) hear of it.
    const events = await server.context.database.db
      .select({ channel: realtimeOutbox.channel, payload: realtimeOutbox.payload })
      .from(realtimeOutbox)
      .where(eq(realtimeOutbox.event, "MessageHidden"));
    const mine = events.filter((event) => JSON.stringify(event.payload).includes(first.conversation));
    expect(mine.map((event) => event.channel)).toEqual([
      `private-notifications.user.${alex.uuid}`,
      `private-notifications.user.${alex.uuid}`,
      `private-notifications.user.${alex.uuid}`,
    ]);
  });

  it("shows the newest message the member still has in the list and the conversation", async () => {
    const { alex, sam } = await pair();
    await write(alex, sam, "Earlier words");
    const last = await write(alex, sam, "Regrettable words");
    expect((await hide(alex, last.conversation, last.id)).status).toBe(200);

    const list = (await get(alex, "/api/user-conversations")).body.data as {
      uuid: string;
      last_message: { text: string } | null;
    }[];
    expect(list.find((item) => item.uuid === last.conversation)?.last_message?.text).toBe("Earlier words");
    const shown = (await get(alex, `/api/user-conversations/${last.conversation}`)).body.data;
    expect(shown.last_message?.text).toBe("Earlier words");
    const partnerList = (await get(sam, "/api/user-conversations")).body.data as typeof list;
    expect(partnerList.find((item) => item.uuid === last.conversation)?.last_message?.text).toBe("Regrettable words");
  });

  it("refuses another member's conversation, a message from another conversation, and guests", async () => {
    const { alex, sam } = await pair();
    const outsider = await signedInMember(server);
    await giveCredits(server, outsider, 10);
    const message = await write(alex, sam, "Private");
    const elsewhere = await write(outsider, alex, "Somewhere else");

    expect((await hide(outsider, message.conversation, message.id)).status).toBe(404);
    // The outsider's own message, named through a conversation they are not part of.
    expect((await hide(outsider, message.conversation, elsewhere.id)).status).toBe(404);
    // Sam's own conversation with Alex, naming a message of Alex's other conversation.
    expect((await hide(sam, message.conversation, elsewhere.id)).status).toBe(404);
    expect(
      (
        await server.request(`/api/user-conversations/${message.conversation}/messages/${message.id}`, {
          method: "DELETE",
        })
      ).status,
    ).toBe(401);

    expect(await texts(alex, message.conversation)).toEqual(["Private"]);
    expect(await texts(sam, message.conversation)).toEqual(["Private"]);
    expect(await texts(alex, elsewhere.conversation)).toEqual(["Somewhere else"]);
    const hiddenEvents = await server.context.database.db
      .select()
      .from(realtimeOutbox)
      .where(
        and(
          eq(realtimeOutbox.event, "MessageHidden"),
          eq(realtimeOutbox.channel, `private-notifications.user.${sam.uuid}`),
        ),
      );
    expect(hiddenEvents).toEqual([]);
  });
});

import { randomUUID } from "node:crypto";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMember, giveCredits, jsonRequest, signIn } from "../../test/factories";
import { memberPusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

describe("conversation events in real time", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  function clientFor(authorization: Record<string, string>) {
    const client = memberPusherClient(server, authorization);
    clients.push(client);
    return client;
  }

  it("delivers new messages, read receipts, typing and the unread count to the right members only", async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    const asA = (await signIn(server, a.email ?? "", a.password)).authorization;
    const asB = (await signIn(server, b.email ?? "", b.password)).authorization;
    await giveCredits(server, a, 5);
    const opener = await server.request(
      `/api/profiles/${b.uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "first", client_id: randomUUID() }, asA),
    );
    const uuid = (await opener.json()).data.conversation as string;

    const tabOfB = clientFor(asB);
    const otherTabOfA = clientFor(asA);
    const conversationOfB = await subscribed(tabOfB, `private-conversation.${uuid}`);
    const conversationOfA = await subscribed(otherTabOfA, `private-conversation.${uuid}`);
    const notificationsOfB = await subscribed(tabOfB, `private-notifications.user.${b.uuid}`);
    const seenByB: Array<{ text: string; viewer_id: number | null }> = [];
    const seenByA: Array<{ text: string }> = [];
    const counts: number[] = [];
    const reads: Array<{ up_to_message_id: number }> = [];
    conversationOfB.bind("message.created", (message: { text: string; viewer_id: number | null }) =>
      seenByB.push(message),
    );
    conversationOfA.bind("message.created", (message: { text: string }) => seenByA.push(message));
    conversationOfA.bind("message.read", (event: { up_to_message_id: number }) => reads.push(event));
    notificationsOfB.bind("UnreadMessagesCount", (event: { unread_messages_count: number }) =>
      counts.push(event.unread_messages_count),
    );

    const sent = await server.request(
      `/api/user-conversations/${uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "are you there?", client_id: randomUUID() }, asA),
    );
    const message = (await sent.json()).data;
    expect(await waitFor(() => seenByB.find((item) => item.text === "are you there?"))).toMatchObject({
      viewer_id: null,
    });
    await waitFor(() => seenByA.find((item) => item.text === "are you there?"), 5_000, "sender's other tab");
    expect(await waitFor(() => counts.at(-1) === 2 && counts.at(-1))).toBe(2);

    await server.request(`/api/user-conversations/${uuid}/read`, jsonRequest("POST", { up_to_id: message.id }, asB));
    expect(await waitFor(() => reads[0])).toMatchObject({ up_to_message_id: message.id });
    expect(await waitFor(() => counts.at(-1) === 0 && "zero")).toBe("zero");

    // Typing is a client event: relayed to the other member, never echoed.
    const typing: unknown[] = [];
    const echoed: unknown[] = [];
    conversationOfB.bind("client-typing", (event: unknown) => typing.push(event));
    conversationOfA.bind("client-typing", (event: unknown) => echoed.push(event));
    conversationOfA.trigger("client-typing", { username: a.username });
    expect(await waitFor(() => typing[0])).toEqual({ username: a.username });
    expect(echoed).toEqual([]);
  });
});

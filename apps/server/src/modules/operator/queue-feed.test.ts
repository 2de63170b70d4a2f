import { randomUUID } from "node:crypto";
import type { TOperatorQueueChange, TOperatorQueueItem } from "@velvet/shared/api/operator";
import { compareQueueEntries } from "@velvet/shared/operator/queue-order";
import { eq, inArray, sql } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../platform/db/schema/conversations";
import { users } from "../../platform/db/schema/members";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { memberPusherClient, openSocket, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

const QUEUE = "private-operator.queue";

describe("the operator queue, pushed", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  const authorize = async (authorization: Record<string, string>) => {
    const socket = await openSocket(server);
    try {
      const response = await server.request(
        "/api/broadcasting/auth",
        jsonRequest("POST", { socket_id: socket.socketId, channel_name: QUEUE }, authorization),
      );
      return response.status;
    } finally {
      await socket.close();
    }
  };

  it("lets operators and admins listen to private-operator.queue, and refuses members and guests", async () => {
    const [operator, admin, member] = await Promise.all([
      signedInStaff(server),
      signedInStaff(server, ["admin"]),
      signedInMember(server),
    ]);
    expect(await authorize(operator.auth)).toBe(200);
    expect(await authorize(admin.auth)).toBe(200);
    expect(await authorize(member.auth)).toBe(403);
    expect(await authorize({})).toBe(401);
  });

  it("pushes the conversation's entry when a member writes, a hold is taken and released, and a reply is sent", async () => {
    const operator = await signedInStaff(server);
    const client = memberPusherClient(server, operator.auth);
    clients.push(client);
    const channel = await subscribed(client, QUEUE);
    const seen: TOperatorQueueChange[] = [];
    channel.bind("queue.changed", (event: { changes: TOperatorQueueChange[] }) => seen.push(...event.changes));
    const profile = await createFictionalProfile(server);
    const { conversationUuid, member } = await memberWritesTo(server, profile, "Anyone home?");
    const change = (index: number) =>
      waitFor(
        () => seen.filter((item) => item.conversation_uuid === conversationUuid)[index],
        5_000,
        `change ${index}`,
      );

    const written = await change(0);
    expect(written.entry).toMatchObject({
      conversation_uuid: conversationUuid,
      member: { uuid: member.uuid },
      profile: { uuid: profile.uuid },
      last_message: { type: "text", text: "Anyone home?" },
      unanswered_count: 1,
      wrote_text: true,
      paying: false,
      lock: null,
    });
    expect(written).toMatchObject({ lock: null, assigned_operators: [] });

    const path = `/api/operator/conversations/${conversationUuid}`;
    expect((await server.request(`${path}/lock`, { method: "POST", headers: operator.auth })).status).toBe(201);
    const taken = await change(1);
    // The event goes to every console: nobody's `mine`, the holder named instead.
    expect(taken.lock).toMatchObject({ operator: { uuid: operator.uuid }, mine: false });
    expect(taken.entry?.lock).toMatchObject({ operator: { uuid: operator.uuid } });

    expect((await server.request(`${path}/lock`, { method: "DELETE", headers: operator.auth })).status).toBe(200);
    expect(await change(2)).toMatchObject({ lock: null, entry: { lock: null } });

    await server.request(`${path}/lock`, { method: "POST", headers: operator.auth });
    const replied = await server.request(
      `${path}/messages`,
      jsonRequest("POST", { type: "text", text: "Always for you", client_id: randomUUID() }, operator.auth),
    );
    expect(replied.status).toBe(201);
    // Answered and handed back: the entry leaves every queue.
    expect(await change(4)).toMatchObject({ entry: null, lock: null });
  });

  it("sends the operator's typing to the member as the profile's, only for the holder, at most every 2 seconds", async () => {
    const [operator, colleague] = await Promise.all([signedInStaff(server), signedInStaff(server)]);
    const profile = await createFictionalProfile(server);
    const { conversationUuid, member } = await memberWritesTo(server, profile, "Are you typing?");
    const memberClient = memberPusherClient(server, member.auth);
    clients.push(memberClient);
    const conversation = await subscribed(memberClient, `private-conversation.${conversationUuid}`);
    const typing: unknown[] = [];
    conversation.bind("client-typing", (event: unknown) => typing.push(event));
    const path = `/api/operator/conversations/${conversationUuid}`;

    // No hold, no typing: nothing reaches the member.
    expect((await server.request(`${path}/typing`, { method: "POST", headers: operator.auth })).status).toBe(409);
    await server.request(`${path}/lock`, { method: "POST", headers: operator.auth });
    expect((await server.request(`${path}/typing`, { method: "POST", headers: colleague.auth })).status).toBe(409);
    const member403 = await server.request(`${path}/typing`, { method: "POST", headers: member.auth });
    expect(member403.status).toBe(403);

    const first = await server.request(`${path}/typing`, { method: "POST", headers: operator.auth });
    expect(await first.json()).toEqual({ data: { sent: true } });
    const again = await server.request(`${path}/typing`, { method: "POST", headers: operator.auth });
    expect(await again.json()).toEqual({ data: { sent: false } });
    // Exactly the member-to-member event, with the profile's name and nothing of the operator.
    expect(await waitFor(() => typing[0])).toEqual({ username: profile.username });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(typing).toHaveLength(1);
  });

  it("orders texts before winks and likes, longest waiting first, paying members first at equal wait", async () => {
    const profile = await createFictionalProfile(server);
    const operator = await signedInStaff(server);
    const writers = await Promise.all([0, 1, 2, 3].map(() => signedInMember(server)));
    const [early, payer, plain, winker] = writers as [
      (typeof writers)[number],
      (typeof writers)[number],
      (typeof writers)[number],
      (typeof writers)[number],
    ];
    const sent = new Map<string, number>();
    for (const writer of writers) {
      await giveCredits(server, writer, 20);
      const type = writer === winker ? "wink" : "text";
      const response = await server.request(
        `/api/profiles/${profile.uuid}/messages`,
        jsonRequest("POST", { type, ...(type === "text" ? { text: "hi" } : {}), client_id: randomUUID() }, writer.auth),
      );
      expect(response.status).toBe(201);
      sent.set(writer.uuid, (await response.json()).data.id);
    }
    const { db } = server.context.database;
    // Within one clock minute the plain member began waiting 20 s before the paying one: paying goes first.
    const minute = sql`date_trunc('minute', now()) - interval '10 minutes'`;
    const at = async (writer: { uuid: string }, value: ReturnType<typeof sql>) =>
      db
        .update(messages)
        .set({ createdAt: value })
        .where(eq(messages.id, sent.get(writer.uuid) ?? 0));
    await at(early, sql`now() - interval '20 minutes'`);
    await at(plain, sql`${minute} + interval '10 seconds'`);
    await at(payer, sql`${minute} + interval '30 seconds'`);
    // The wink has waited longest of all, and still comes after every text.
    await at(winker, sql`now() - interval '30 minutes'`);
    await db
      .update(users)
      .set({ vipUntil: sql`now() + interval '7 days'` })
      .where(inArray(users.uuid, [payer.uuid]));

    const response = await server.request(`/api/operator/queue?profile=${profile.uuid}`, { headers: operator.auth });
    const { data } = (await response.json()) as { data: TOperatorQueueItem[] };
    expect(data.map((item) => item.member.uuid)).toEqual([early.uuid, payer.uuid, plain.uuid, winker.uuid]);
    expect(data.map((item) => [item.wrote_text, item.paying])).toEqual([
      [true, false],
      [true, true],
      [true, false],
      [false, false],
    ]);
    // The console sorts pushed entries with the same rule and gets the same order.
    expect([...data].reverse().sort(compareQueueEntries)).toEqual(data);
  });
});

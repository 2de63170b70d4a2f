import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { messages } from "../../platform/db/schema/conversations";
import { creditLedger } from "../../platform/db/schema/credits";
import { conversationLocks } from "../../platform/db/schema/operator";
import { jsonRequest, reloadUser } from "../../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { memberPusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

describe("replying as a fictional profile", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  function memberSocket(authorization: Record<string, string>) {
    const client = memberPusherClient(server, authorization);
    clients.push(client);
    return client;
  }

  const take = (auth: Record<string, string>, uuid: string) =>
    server.request(`/api/operator/conversations/${uuid}/lock`, { method: "POST", headers: auth });
  const answer = (auth: Record<string, string>, uuid: string, body: Record<string, unknown>) =>
    server.request(
      `/api/operator/conversations/${uuid}/messages`,
      jsonRequest("POST", { client_id: randomUUID(), ...body }, auth),
    );

  it("reaches the member in real time like any message, free, with no trace of the operator", async () => {
    const profile = await createFictionalProfile(server);
    const { member, conversationUuid, messageId } = await memberWritesTo(server, profile, "Are you real?");
    const operator = await signedInStaff(server);
    const balanceBefore = (await reloadUser(server, member.id))?.credits;

    const socket = memberSocket(member.auth);
    const conversationChannel = await subscribed(socket, `private-conversation.${conversationUuid}`);
    const notificationChannel = await subscribed(socket, `private-notifications.user.${member.uuid}`);
    const live: unknown[] = [];
    const notified: unknown[] = [];
    const reads: Array<{ up_to_message_id: number }> = [];
    conversationChannel.bind("message.created", (message: unknown) => live.push(message));
    conversationChannel.bind("message.read", (event: { up_to_message_id: number }) => reads.push(event));
    notificationChannel.bind("NEW_NOTIFICATION", (notification: unknown) => notified.push(notification));

    expect((await take(operator.auth, conversationUuid)).status).toBe(201);
    const sent = await answer(operator.auth, conversationUuid, {
      type: "text",
      text: "Very real, and very curious 😉",
    });
    expect(sent.status).toBe(201);
    const { data } = await sent.json();
    expect(data.message).toMatchObject({ side: "profile", text: "Very real, and very curious 😉" });
    expect(data.message.operator).toEqual({ uuid: operator.uuid, username: operator.username });
    // Answering hands the conversation back.
    expect(data.lock).toBeNull();

    // Found by its text: the member's own message is on this channel too, and on a loaded machine its event (sent
    // by the outbox dispatcher after the member's request has answered) can still arrive after the subscription.
    const delivered = await waitFor(
      () => live.find((message) => (message as { text?: string }).text === "Very real, and very curious 😉"),
      5_000,
      "the reply over the socket",
    );
    expect(delivered).toMatchObject({ text: "Very real, and very curious 😉", from: { uuid: profile.uuid } });
    const notification = await waitFor(() => notified[0], 5_000, "notification");
    // The member's copy is read as the profile.
    expect(await waitFor(() => reads[0])).toMatchObject({ up_to_message_id: messageId });

    const history = await (
      await server.request(`/api/user-conversations/${conversationUuid}/messages`, { headers: member.auth })
    ).text();
    const list = await (await server.request("/api/user-conversations", { headers: member.auth })).text();
    const bell = await (await server.request("/api/user-notifications", { headers: member.auth })).text();
    for (const seen of [JSON.stringify(delivered), JSON.stringify(notification), history, list, bell]) {
      expect(seen).toContain(profile.username);
      expect(seen).not.toContain(operator.username);
      expect(seen).not.toContain(operator.uuid);
      expect(seen).not.toContain("operator");
    }

    const [row] = await server.context.database.db.select().from(messages).where(eq(messages.id, data.message.id));
    expect(row).toMatchObject({ operatorId: operator.id, fromId: profile.id, toId: member.id, price: 0 });
    expect((await reloadUser(server, member.id))?.credits).toBe(balanceBefore);
    expect(
      await server.context.database.db.select().from(creditLedger).where(eq(creditLedger.userId, profile.id)),
    ).toEqual([]);
    expect(await server.context.database.db.select().from(conversationLocks)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ operatorId: operator.id })]),
    );
    const [audit] = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, operator.id), eq(auditLog.action, "operator.reply")));
    expect(audit).toMatchObject({ targetUserId: member.id, metadata: { conversation: conversationUuid } });
  });

  it("sends one of the profile's approved photos, and refuses anyone else's", async () => {
    const profile = await createFictionalProfile(server);
    const other = await createFictionalProfile(server);
    const { member, conversationUuid } = await memberWritesTo(server, profile, "Send me a pic?");
    const operator = await signedInStaff(server);
    await take(operator.auth, conversationUuid);

    const foreign = await answer(operator.auth, conversationUuid, { type: "image", photo_id: other.photo.uuid });
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).errors).toEqual({ photo_id: ["Choose one of this profile's approved photos."] });

    const sent = await answer(operator.auth, conversationUuid, { type: "image", photo_id: profile.photo.uuid });
    expect(sent.status).toBe(201);
    const history = await (
      await server.request(`/api/user-conversations/${conversationUuid}/messages`, { headers: member.auth })
    ).json();
    const image = history.data[0];
    expect(image).toMatchObject({ type: "image", from: { uuid: profile.uuid } });
    const file = await server.request(image.image.url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe("WEBP");
  });

  it("warns before sending contact details, and sends them only when confirmed", async () => {
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);
    const operator = await signedInStaff(server);

    const check = await server.request(
      "/api/operator/check-text",
      jsonRequest(
        "POST",
        { text: "Text me on 0412 345 678 or mail jess@example.com, pics at www.jess-pics.com.au" },
        operator.auth,
      ),
    );
    const warnings = (await check.json()).data.warnings;
    expect(warnings.map((warning: { kind: string; match: string }) => [warning.kind, warning.match])).toEqual([
      ["phone", "0412 345 678"],
      ["email", "jess@example.com"],
      ["link", "www.jess-pics.com.au"],
    ]);
    const clean = await server.request(
      "/api/operator/check-text",
      jsonRequest("POST", { text: "I'm 28, 170cm, and free at 9.30 tonight" }, operator.auth),
    );
    expect((await clean.json()).data.warnings).toEqual([]);

    await take(operator.auth, conversationUuid);
    const text = "Call me: +61 2 9876 5432";
    const refused = await answer(operator.auth, conversationUuid, { type: "text", text, keep_lock: true });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: "The text contains contact details. Check the warnings and confirm to send anyway.",
      errors: { text: ["The text contains a phone number (+61 2 9876 5432)."] },
    });
    const confirmed = await answer(operator.auth, conversationUuid, {
      type: "text",
      text,
      confirm_warnings: true,
      keep_lock: true,
    });
    expect(confirmed.status).toBe(201);
    // keep_lock: still held, so a follow-up line goes out too.
    expect((await confirmed.json()).data.lock).toMatchObject({ mine: true });
    expect((await answer(operator.auth, conversationUuid, { type: "text", text: "x" })).status).toBe(201);
  });

  it("answers a retry with the first reply, written once", async () => {
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);
    const operator = await signedInStaff(server);
    await take(operator.auth, conversationUuid);
    const body = { type: "text", text: "Only once", client_id: randomUUID() };
    const first = await answer(operator.auth, conversationUuid, body);
    const retry = await answer(operator.auth, conversationUuid, body);
    expect(retry.status).toBe(201);
    expect((await retry.json()).data.message.id).toBe((await first.json()).data.message.id);
    const rows = await server.context.database.db.select().from(messages).where(eq(messages.fromId, profile.id));
    expect(rows).toHaveLength(1);
  });

  it("cannot reach a member who blocked the profile", async () => {
    const profile = await createFictionalProfile(server);
    const { member, conversationUuid } = await memberWritesTo(server, profile);
    const operator = await signedInStaff(server);
    await take(operator.auth, conversationUuid);
    const blocked = await server.request(`/api/profiles/${profile.uuid}/block`, {
      method: "POST",
      headers: member.auth,
    });
    expect(blocked.status).toBe(200);
    const refused = await answer(operator.auth, conversationUuid, { type: "text", text: "hello?" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("This member cannot receive messages from this profile.");
  });
});

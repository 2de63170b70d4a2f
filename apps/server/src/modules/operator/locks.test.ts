import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { messages } from "../../platform/db/schema/conversations";
import { conversationLocks } from "../../platform/db/schema/operator";
import { jsonRequest, signedInMember } from "../../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("conversation locks", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const lock = (auth: Record<string, string>, uuid: string) =>
    server.request(`/api/operator/conversations/${uuid}/lock`, { method: "POST", headers: auth });
  const reply = (auth: Record<string, string>, uuid: string, text: string) =>
    server.request(
      `/api/operator/conversations/${uuid}/messages`,
      jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, auth),
    );

  it("lets exactly one of two operators racing for a conversation take it, for 6 minutes", async () => {
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);
    const [first, second] = await Promise.all([signedInStaff(server), signedInStaff(server)]);
    const answers = await Promise.all([lock(first.auth, conversationUuid), lock(second.auth, conversationUuid)]);
    expect(answers.map((response) => response.status).sort()).toEqual([201, 409]);
    const winner = answers[0]?.status === 201 ? first : second;
    const loser = await (answers[0]?.status === 201 ? answers[1] : answers[0])?.json();
    expect(loser.message).toBe("Another operator is answering this conversation.");
    expect(loser.locked_by).toBe(winner.username);

    const held = await (answers[0]?.status === 201 ? answers[0] : answers[1])?.json();
    expect(held.data).toMatchObject({ conversation_uuid: conversationUuid, mine: true });
    expect(held.data.seconds_left).toBeGreaterThan(355);
    expect(held.data.seconds_left).toBeLessThanOrEqual(360);
    const rows = await server.context.database.db.select().from(conversationLocks);
    expect(rows.filter((row) => row.operatorId === winner.id)).toHaveLength(1);
  });

  it("lets exactly one of two operators racing to answer write a message", async () => {
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);
    const [first, second] = await Promise.all([signedInStaff(server), signedInStaff(server)]);
    // Both try the whole sequence at once: take, then answer.
    const attempt = async (auth: Record<string, string>, text: string) => {
      await lock(auth, conversationUuid);
      return reply(auth, conversationUuid, text);
    };
    const answers = await Promise.all([attempt(first.auth, "from first"), attempt(second.auth, "from second")]);
    expect(answers.map((response) => response.status).sort()).toEqual([201, 409]);
    const written = await server.context.database.db.select().from(messages).where(eq(messages.fromId, profile.id));
    expect(written).toHaveLength(1);
  });

  it("frees an expired lock for another operator, and refuses the former holder's reply", async () => {
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);
    const [first, second] = await Promise.all([signedInStaff(server), signedInStaff(server)]);
    expect((await lock(first.auth, conversationUuid)).status).toBe(201);
    expect((await lock(second.auth, conversationUuid)).status).toBe(409);
    await server.context.database.db
      .update(conversationLocks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(conversationLocks.operatorId, first.id));

    expect((await lock(second.auth, conversationUuid)).status).toBe(201);
    const late = await reply(first.auth, conversationUuid, "sorry, was away");
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe(
      "Take this conversation before replying: your hold on it has expired or was released.",
    );
    const renewed = await server.request(`/api/operator/conversations/${conversationUuid}/lock/renew`, {
      method: "POST",
      headers: first.auth,
    });
    expect(renewed.status).toBe(409);
    expect((await reply(second.auth, conversationUuid, "hello!")).status).toBe(201);
  });

  it("refuses a third lock with a clear message, and frees a slot on release", async () => {
    const operator = await signedInStaff(server);
    const profile = await createFictionalProfile(server);
    const conversations = await Promise.all([1, 2, 3].map(() => memberWritesTo(server, profile)));
    const [a, b, c] = conversations.map((entry) => entry.conversationUuid) as [string, string, string];
    expect((await lock(operator.auth, a)).status).toBe(201);
    expect((await lock(operator.auth, b)).status).toBe(201);
    // Taking one's own lock again renews it and does not count twice.
    expect((await lock(operator.auth, b)).status).toBe(201);
    const third = await lock(operator.auth, c);
    expect(third.status).toBe(409);
    expect((await third.json()).message).toBe(
      "You can hold at most 2 conversations at a time. Reply to or release one first.",
    );
    const released = await server.request(`/api/operator/conversations/${a}/lock`, {
      method: "DELETE",
      headers: operator.auth,
    });
    expect(await released.json()).toEqual({ data: { released: true } });
    expect((await lock(operator.auth, c)).status).toBe(201);
  });

  it("never lets one operator hold three by taking two at once", async () => {
    const operator = await signedInStaff(server);
    const profile = await createFictionalProfile(server);
    const conversations = await Promise.all([1, 2, 3, 4].map(() => memberWritesTo(server, profile)));
    const answers = await Promise.all(conversations.map((entry) => lock(operator.auth, entry.conversationUuid)));
    expect(answers.filter((response) => response.status === 201)).toHaveLength(2);
    const live = await server.context.database.db
      .select()
      .from(conversationLocks)
      .where(and(eq(conversationLocks.operatorId, operator.id), sql`${conversationLocks.expiresAt} > now()`));
    expect(live).toHaveLength(2);
  });

  it("lets the holder renew while typing, and an admin (not another operator) unlock anyone's", async () => {
    const profile = await createFictionalProfile(server);
    const { conversationUuid, member } = await memberWritesTo(server, profile);
    const [holder, other, admin] = await Promise.all([
      signedInStaff(server),
      signedInStaff(server),
      signedInStaff(server, ["admin"]),
    ]);
    await lock(holder.auth, conversationUuid);
    await server.context.database.db
      .update(conversationLocks)
      .set({ expiresAt: sql`now() + interval '30 seconds'` })
      .where(eq(conversationLocks.operatorId, holder.id));
    const renewed = await server.request(`/api/operator/conversations/${conversationUuid}/lock/renew`, {
      method: "POST",
      headers: holder.auth,
    });
    expect(renewed.status).toBe(200);
    expect((await renewed.json()).data.seconds_left).toBeGreaterThan(300);

    const byOther = await server.request(`/api/operator/conversations/${conversationUuid}/lock`, {
      method: "DELETE",
      headers: other.auth,
    });
    expect(byOther.status).toBe(403);
    const byAdmin = await server.request(`/api/operator/conversations/${conversationUuid}/lock`, {
      method: "DELETE",
      headers: admin.auth,
    });
    expect(await byAdmin.json()).toEqual({ data: { released: true } });
    expect((await lock(other.auth, conversationUuid)).status).toBe(201);

    const audit = await server.context.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, member.id));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual(
      expect.arrayContaining([
        ["operator.lock_taken", holder.id],
        ["operator.lock_renewed", holder.id],
        ["operator.lock_unlocked", admin.id],
        ["operator.lock_taken", other.id],
      ]),
    );
  });

  it("answers 404 for a conversation between two real members", async () => {
    const operator = await signedInStaff(server);
    const realMember = await signedInMember(server);
    const { conversationUuid } = await memberWritesTo(server, realMember);
    expect((await lock(operator.auth, conversationUuid)).status).toBe(404);
    expect(
      (await server.request(`/api/operator/conversations/${conversationUuid}`, { headers: operator.auth })).status,
    ).toBe(404);
  });
});

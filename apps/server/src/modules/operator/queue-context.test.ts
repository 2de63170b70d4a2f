import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { messages } from "../../platform/db/schema/conversations";
import { jsonRequest, signedInMember } from "../../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("the operator queue and the reply screen", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const queue = async (auth: Record<string, string>, query = "") => {
    const response = await server.request(`/api/operator/queue${query}`, { headers: auth });
    expect(response.status).toBe(200);
    return response.json();
  };
  const backdate = (id: number, seconds: number) =>
    server.context.database.db
      .update(messages)
      .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(messages.id, id));

  it("lists conversations waiting for an answer, longest waiting first, with filters and lock state", async () => {
    const [first, second] = await Promise.all([createFictionalProfile(server), createFictionalProfile(server)]);
    const older = await memberWritesTo(server, first, "Hello?");
    await backdate(older.messageId, 600);
    const twice = await memberWritesTo(server, second, "Hi!");
    await backdate(twice.messageId, 300);
    await server.request(
      `/api/user-conversations/${twice.conversationUuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Still there?", client_id: randomUUID() }, twice.member.auth),
    );
    const [operator, colleague] = await Promise.all([signedInStaff(server), signedInStaff(server)]);

    const both = await queue(operator.auth);
    const ours = both.data.filter((item: { profile: { uuid: string } }) =>
      [first.uuid, second.uuid].includes(item.profile.uuid),
    );
    expect(ours.map((item: { conversation_uuid: string }) => item.conversation_uuid)).toEqual([
      older.conversationUuid,
      twice.conversationUuid,
    ]);
    expect(ours[0]).toMatchObject({
      member: { uuid: older.member.uuid, username: older.member.username },
      profile: { uuid: first.uuid, username: first.username },
      last_message: { type: "text", text: "Hello?" },
      unanswered_count: 1,
      lock: null,
    });
    expect(ours[0].waiting_seconds).toBeGreaterThanOrEqual(600);
    expect(ours[0].waiting_seconds).toBeLessThan(660);
    // Waiting since the first unanswered message, with the last one shown.
    expect(ours[1]).toMatchObject({ unanswered_count: 2, last_message: { text: "Still there?" } });
    expect(ours[1].waiting_seconds).toBeGreaterThanOrEqual(300);

    const byProfile = await queue(operator.auth, `?profile=${second.uuid}`);
    expect(byProfile.data.map((item: { conversation_uuid: string }) => item.conversation_uuid)).toEqual([
      twice.conversationUuid,
    ]);
    const byMemberUuid = await queue(operator.auth, `?member=${older.member.uuid}`);
    expect(byMemberUuid.data).toHaveLength(1);
    const byName = await queue(operator.auth, `?member=${older.member.username.slice(0, 8).toUpperCase()}`);
    expect(byName.data.map((item: { member: { uuid: string } }) => item.member.uuid)).toContain(older.member.uuid);
    expect(byName.meta.total).toBe(byName.data.length);

    await server.request(`/api/operator/conversations/${older.conversationUuid}/lock`, {
      method: "POST",
      headers: operator.auth,
    });
    const mine = await queue(operator.auth, `?profile=${first.uuid}`);
    expect(mine.data[0].lock).toMatchObject({ operator: { username: operator.username }, mine: true });
    expect(mine.meta.my_locks.map((lock: { conversation_uuid: string }) => lock.conversation_uuid)).toEqual([
      older.conversationUuid,
    ]);
    expect(mine.meta.max_locks).toBe(2);
    const theirs = await queue(colleague.auth, `?profile=${first.uuid}`);
    expect(theirs.data[0].lock).toMatchObject({ operator: { username: operator.username }, mine: false });

    // Answered: it leaves the queue; the member writes again: it is back.
    await server.request(
      `/api/operator/conversations/${older.conversationUuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Hi you!", client_id: randomUUID() }, operator.auth),
    );
    expect((await queue(operator.auth, `?profile=${first.uuid}`)).data).toEqual([]);
    await server.request(
      `/api/user-conversations/${older.conversationUuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Yay", client_id: randomUUID() }, older.member.auth),
    );
    const again = await queue(operator.auth, `?profile=${first.uuid}`);
    expect(again.data[0]).toMatchObject({ unanswered_count: 1, last_message: { text: "Yay" } });
    expect(again.data[0].waiting_seconds).toBeLessThan(30);
  });

  it("lists fictional profiles by username for the profile filter, and never a member", async () => {
    const stamp = Date.now().toString(36);
    const profile = await createFictionalProfile(server, { username: `Zelda${stamp}` });
    const member = await signedInMember(server);
    const operator = await signedInStaff(server);
    const listed = await server.request(`/api/operator/profiles?search=zelda${stamp}`, { headers: operator.auth });
    expect(listed.status).toBe(200);
    const body = await listed.json();
    expect(body.data.map((card: { uuid: string }) => card.uuid)).toEqual([profile.uuid]);
    const all = await (await server.request("/api/operator/profiles", { headers: operator.auth })).json();
    expect(all.data.some((card: { uuid: string }) => card.uuid === member.uuid)).toBe(false);
  });

  it("rejects filters that are not a uuid where one is needed, in English", async () => {
    const operator = await signedInStaff(server);
    const response = await server.request("/api/operator/queue?profile=nope", { headers: operator.auth });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ profile: ["The profile field must be a valid UUID"] });
  });

  it("shows the conversation, the member, their history with other profiles, the profile and the notes", async () => {
    const [profile, elsewhere] = await Promise.all([createFictionalProfile(server), createFictionalProfile(server)]);
    const member = await signedInMember(server);
    await memberWritesTo(server, elsewhere, "Hi Melbourne girl", member);
    const { conversationUuid } = await memberWritesTo(server, profile, "Hey, what do you do for fun?", member);
    const operator = await signedInStaff(server);
    await server.request(
      `/api/operator/members/${member.uuid}/notes`,
      jsonRequest("POST", { category: "job", text: "Electrician in Parramatta" }, operator.auth),
    );

    const response = await server.request(`/api/operator/conversations/${conversationUuid}`, {
      headers: operator.auth,
    });
    expect(response.status).toBe(200);
    const raw = await response.text();
    const { data } = JSON.parse(raw);
    expect(data.conversation.uuid).toBe(conversationUuid);
    expect(data.messages).toEqual([
      expect.objectContaining({ side: "member", text: "Hey, what do you do for fun?", operator: null }),
    ]);
    expect(data.member).toMatchObject({ uuid: member.uuid, username: member.username, city: "Sydney" });
    expect(data.member.account).toMatchObject({ email_verified: true, deactivated: false, messages_sent: 2 });
    expect(data.member.account.credits_spent).toBe(2);
    expect(data.profile).toMatchObject({ uuid: profile.uuid, about_me: "Coffee, beaches and bad jokes." });
    expect(data.profile.photos).toEqual([expect.objectContaining({ uuid: profile.photo.uuid })]);
    expect(data.history).toEqual([
      expect.objectContaining({
        profile: expect.objectContaining({ uuid: elsewhere.uuid }),
        messages: [expect.objectContaining({ side: "member", text: "Hi Melbourne girl" })],
      }),
    ]);
    expect(data.notes).toEqual([
      expect.objectContaining({ category: "job", text: "Electrician in Parramatta", author: expect.any(Object) }),
    ]);
    // Nothing of the account's credentials.
    expect(raw).not.toContain(member.email ?? "");
    expect(raw).not.toContain("argon2");
    expect(raw).not.toContain("password");

    const [viewed] = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, operator.id), eq(auditLog.action, "operator.conversation_viewed")));
    expect(viewed?.targetUserId).toBe(member.id);

    // Paging and catching up through the messages endpoint.
    const newest = data.messages[0].id as number;
    const none = await (
      await server.request(`/api/operator/conversations/${conversationUuid}/messages?after=${newest}`, {
        headers: operator.auth,
      })
    ).json();
    expect(none).toEqual({ data: [], meta: { has_more: false } });
    const older = await (
      await server.request(`/api/operator/conversations/${conversationUuid}/messages?before=${newest + 1}&limit=1`, {
        headers: operator.auth,
      })
    ).json();
    expect(older.data.map((message: { id: number }) => message.id)).toEqual([newest]);
  });
});

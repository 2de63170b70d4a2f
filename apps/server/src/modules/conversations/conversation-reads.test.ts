import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Pusher from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { authSessions } from "../../platform/db/schema/auth";
import { users } from "../../platform/db/schema/members";
import {
  giveCredits,
  jsonRequest,
  reloadUser,
  signedInMember,
  signIn,
  tokenFromLink,
  waitForMail,
} from "../../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { memberPusherClient, subscribed, waitFor } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";
import type { OutboxDispatcher } from "../realtime";

/**
 * The conversation list and the newest history page, read again and again:
 * whatever a member does shows in their next read, a partner's message shows
 * no later than its real-time event, and signing out ends access at once.
 */
describe("reading conversations again and again", () => {
  let server: TestServer;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => server.stop());

  type Member = Awaited<ReturnType<typeof signedInMember>>;
  interface ListBody {
    data: Array<{ uuid: string; star: boolean; last_message: { id: number; text: string | null } | null }>;
  }
  interface HistoryBody {
    data: Array<{ id: number; text: string | null; read_at: string | null }>;
  }

  const get = (path: string, auth: Record<string, string>) => server.request(path, { headers: auth });
  const list = async (member: { auth: Record<string, string> }) =>
    (await (await get("/api/user-conversations", member.auth)).json()) as ListBody;
  const history = async (member: { auth: Record<string, string> }, uuid: string) =>
    (await (await get(`/api/user-conversations/${uuid}/messages?limit=30`, member.auth)).json()) as HistoryBody;
  const send = async (from: Member, path: string, text: string) => {
    const response = await server.request(
      path,
      jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, from.auth),
    );
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: number; conversation: string };
  };
  const startConversation = async (from: Member, to: { uuid: string }, text: string) =>
    send(from, `/api/profiles/${to.uuid}/messages`, text);

  it("answers a repeat with the same JSON, and shows a member their own changes at once", async () => {
    const a = await signedInMember(server);
    const b = await signedInMember(server);
    const c = await signedInMember(server);
    await giveCredits(server, a, 20);
    const withB = (await startConversation(a, b, "hello B")).conversation;
    const withC = (await startConversation(a, c, "hello C")).conversation;

    const first = await get("/api/user-conversations", a.auth);
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    const firstText = await first.text();
    expect(await (await get("/api/user-conversations", a.auth)).text()).toBe(firstText);
    expect(((JSON.parse(firstText) as ListBody).data ?? []).map((item) => item.uuid)).toEqual([withC, withB]);

    // Star: starred first, at once.
    expect(
      (await server.request(`/api/user-conversations/${withB}/star`, { method: "PUT", headers: a.auth })).status,
    ).toBe(200);
    expect((await list(a)).data.map((item) => [item.uuid, item.star])).toEqual([
      [withB, true],
      [withC, false],
    ]);

    // Send: the newest history page and the list's last message, at once.
    expect((await history(a, withC)).data.map((message) => message.text)).toEqual(["hello C"]);
    const sent = await send(a, `/api/user-conversations/${withC}/messages`, "still there?");
    expect((await history(a, withC)).data.map((message) => message.text)).toEqual(["still there?", "hello C"]);
    expect((await list(a)).data.find((item) => item.uuid === withC)?.last_message?.id).toBe(sent.id);

    // Hide: gone from the list at once.
    expect(
      (await server.request(`/api/user-conversations/${withC}`, { method: "DELETE", headers: a.auth })).status,
    ).toBe(200);
    expect((await list(a)).data.map((item) => item.uuid)).toEqual([withB]);
  });

  it("shows the partner a new message and a new conversation at once, and the sender the read receipt", async () => {
    const a = await signedInMember(server);
    const b = await signedInMember(server);
    await giveCredits(server, a, 20);
    expect((await list(b)).data).toEqual([]);

    const opened = await startConversation(a, b, "first");
    expect((await list(b)).data.map((item) => item.uuid)).toEqual([opened.conversation]);
    expect((await history(b, opened.conversation)).data.map((message) => message.text)).toEqual(["first"]);
    const second = await send(a, `/api/user-conversations/${opened.conversation}/messages`, "second");
    expect((await history(b, opened.conversation)).data.map((message) => message.text)).toEqual(["second", "first"]);

    expect((await history(a, opened.conversation)).data[0]?.read_at).toBeNull();
    const read = await server.request(
      `/api/user-conversations/${opened.conversation}/read`,
      jsonRequest("POST", { up_to_id: second.id }, b.auth),
    );
    expect(read.status).toBe(200);
    expect((await history(a, opened.conversation)).data[0]?.read_at).toEqual(expect.any(String));
  });

  it("shows both members a message and a read receipt at once even while its real-time events are held up", async () => {
    // As when another process's outbox round is slow: no real-time event is delivered here.
    const outbox = server.context.realtimeEvents as unknown as OutboxDispatcher;
    await outbox.stop();
    const kick = outbox.kick;
    outbox.kick = () => {};
    try {
      const a = await signedInMember(server);
      const b = await signedInMember(server);
      await giveCredits(server, a, 20);
      expect((await list(a)).data).toEqual([]);
      expect((await list(b)).data).toEqual([]);
      const opened = await startConversation(a, b, "first");
      expect((await list(a)).data.map((item) => item.uuid)).toEqual([opened.conversation]);
      expect((await list(b)).data.map((item) => item.uuid)).toEqual([opened.conversation]);
      expect((await history(a, opened.conversation)).data[0]?.read_at).toBeNull();
      const read = await server.request(
        `/api/user-conversations/${opened.conversation}/read`,
        jsonRequest("POST", { up_to_id: opened.id }, b.auth),
      );
      expect(read.status).toBe(200);
      expect((await history(a, opened.conversation)).data[0]?.read_at).toEqual(expect.any(String));
    } finally {
      outbox.kick = kick;
      await outbox.start();
    }
  });

  it("hides a conversation from both lists at once when one member blocks the other, and shows it on unblocking", async () => {
    const a = await signedInMember(server);
    const b = await signedInMember(server);
    await giveCredits(server, a, 20);
    const opened = await startConversation(a, b, "hi");
    expect((await list(a)).data.map((item) => item.uuid)).toEqual([opened.conversation]);
    expect((await list(b)).data.map((item) => item.uuid)).toEqual([opened.conversation]);
    expect((await server.request(`/api/profiles/${b.uuid}/block`, { method: "POST", headers: a.auth })).status).toBe(
      200,
    );
    expect((await list(a)).data).toEqual([]);
    expect((await list(b)).data).toEqual([]);
    // And back in both at once when the block is lifted.
    expect((await server.request(`/api/profiles/${b.uuid}/block`, { method: "DELETE", headers: a.auth })).status).toBe(
      200,
    );
    expect((await list(a)).data.map((item) => item.uuid)).toEqual([opened.conversation]);
    expect((await list(b)).data.map((item) => item.uuid)).toEqual([opened.conversation]);
  });

  it("shows an operator's reply by the time the member's socket hears of it", async () => {
    const profile = await createFictionalProfile(server);
    const { member, conversationUuid } = await memberWritesTo(server, profile, "Anyone home?");
    const operator = await signedInStaff(server);
    // Both read before the reply, which comes through the operator console, not the member's routes.
    expect((await history(member, conversationUuid)).data.map((message) => message.text)).toEqual(["Anyone home?"]);
    expect((await list(member)).data[0]?.last_message?.text).toBe("Anyone home?");

    const socket = memberPusherClient(server, member.auth);
    clients.push(socket);
    const channel = await subscribed(socket, `private-conversation.${conversationUuid}`);
    const readsAtArrival: Array<Promise<[HistoryBody, ListBody]>> = [];
    channel.bind("message.created", () => {
      readsAtArrival.push(Promise.all([history(member, conversationUuid), list(member)]));
    });
    const lock = await server.request(`/api/operator/conversations/${conversationUuid}/lock`, {
      method: "POST",
      headers: operator.auth,
    });
    expect(lock.status).toBe(201);
    const answered = await server.request(
      `/api/operator/conversations/${conversationUuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Always, for you", client_id: randomUUID() }, operator.auth),
    );
    expect(answered.status).toBe(201);

    const [atArrivalHistory, atArrivalList] = await waitFor(() => readsAtArrival[0], 5_000, "the reply's event");
    expect(atArrivalHistory.data.map((message) => message.text)).toEqual(["Always, for you", "Anyone home?"]);
    expect(atArrivalList.data[0]?.last_message?.text).toBe("Always, for you");
  });

  it("stops answering the list and history at once after signing out or a password change elsewhere", async () => {
    const a = await signedInMember(server);
    const b = await signedInMember(server);
    await giveCredits(server, a, 20);
    const { conversation } = await startConversation(a, b, "hi");

    expect((await get("/api/user-conversations", a.auth)).status).toBe(200);
    expect((await get(`/api/user-conversations/${conversation}/messages`, a.auth)).status).toBe(200);
    expect((await server.request("/api/logout", { method: "POST", headers: a.auth })).status).toBe(200);
    expect((await get("/api/user-conversations", a.auth)).status).toBe(401);
    expect((await get(`/api/user-conversations/${conversation}/messages`, a.auth)).status).toBe(401);

    const laptop = await signIn(server, b.email ?? "", b.password);
    expect((await get("/api/user-conversations", b.auth)).status).toBe(200);
    const changed = await server.request(
      "/api/account/password",
      jsonRequest(
        "PUT",
        { current_password: b.password, password: "another-phrase-77", password_confirmation: "another-phrase-77" },
        laptop.authorization,
      ),
    );
    expect(changed.status).toBe(200);
    expect((await get("/api/user-conversations", b.auth)).status).toBe(401);
  });

  it("refuses a session revoked behind its back at once, on every route", async () => {
    const a = await signedInMember(server);
    expect((await get("/api/user-conversations", a.auth)).status).toBe(200);
    // As another process would: straight in the database, without this process hearing of it.
    await server.context.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, a.id));
    expect((await server.request("/api/me", { method: "POST", headers: a.auth })).status).toBe(401);
    expect((await get("/api/user-conversations", a.auth)).status).toBe(401);
  });

  it("prices a message by the pass as it stands when written", async () => {
    const a = await signedInMember(server);
    const b = await signedInMember(server);
    await giveCredits(server, a, 5);
    const { conversation } = await startConversation(a, b, "paid");
    expect((await reloadUser(server, a.id))?.credits).toBe(4);
    // A pass bought this instant (as through another process).
    await server.context.database.db
      .update(users)
      .set({ unlimitedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(users.id, a.id));
    const free = await server.request(
      `/api/user-conversations/${conversation}/messages`,
      jsonRequest("POST", { type: "text", text: "on the pass", client_id: randomUUID() }, a.auth),
    );
    expect(free.status).toBe(201);
    expect((await free.json()).data.sender).toEqual({ credits: 4, has_unli_message: true });
    expect((await reloadUser(server, a.id))?.credits).toBe(4);
  });

  it("lets a member send the moment they verify their email", async () => {
    const member = await signedInMember(server, { verified: false });
    const b = await signedInMember(server);
    await giveCredits(server, member, 5);
    expect((await get("/api/user-conversations", member.auth)).status).toBe(200);
    const refused = await server.request(
      `/api/profiles/${b.uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "too soon", client_id: randomUUID() }, member.auth),
    );
    expect(refused.status).toBe(403);
    expect((await server.request("/api/email/resend", { method: "POST", headers: member.auth })).status).toBe(200);
    const mail = await waitForMail(server, member.email ?? "");
    const token = tokenFromLink(mail.text, "/confirm-email");
    expect((await server.request("/api/email/verify", jsonRequest("POST", { token }))).status).toBe(200);
    await startConversation(member, b, "verified now");
  });

  it("never answers one member's list or history to another", async () => {
    const a = await signedInMember(server);
    const b = await signedInMember(server);
    const stranger = await signedInMember(server);
    await giveCredits(server, a, 20);
    const { conversation } = await startConversation(a, b, "private words");
    expect((await history(a, conversation)).data).toHaveLength(1);
    expect((await list(a)).data).toHaveLength(1);
    expect((await get(`/api/user-conversations/${conversation}/messages?limit=30`, stranger.auth)).status).toBe(404);
    expect((await list(stranger)).data).toEqual([]);
  });
});

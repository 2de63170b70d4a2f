import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client";
import { authSessions } from "../../platform/db/schema/auth";
import { users } from "../../platform/db/schema/members";
import { jsonRequest, refreshCookieOf, signedInMember } from "../../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { openSocket } from "../../test/realtime-clients";
import { startTestServer, type TestServer } from "../../test/support";

describe("impersonated sessions", () => {
  let server: TestServer;
  const sockets: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
  });
  afterAll(() => server.stop());

  /** An operator's session as `member`, through the link and the exchange, as the console does it. */
  async function impersonate(operator: { auth: Record<string, string> }, member: { uuid: string }) {
    const issued = await server.request(`/api/admin/users/${member.uuid}/impersonation`, {
      method: "POST",
      headers: operator.auth,
    });
    expect(issued.status).toBe(201);
    const used = await server.request(
      "/api/impersonate",
      jsonRequest("POST", { token: (await issued.json()).data.token }),
    );
    expect(used.status).toBe(200);
    const auth = { Authorization: `Bearer ${(await used.json()).data.access_token}` };
    const [session] = await server.context.database.db
      .select()
      .from(authSessions)
      .where(sql`${authSessions.impersonatorId} is not null`)
      .orderBy(sql`${authSessions.createdAt} desc`)
      .limit(1);
    if (!session) throw new Error("no impersonated session");
    return { auth, cookie: refreshCookieOf(used), session };
  }
  const me = (auth: Record<string, string>) => server.request("/api/me", { method: "POST", headers: auth });
  const refresh = (cookie: string) => server.request("/api/refresh", { method: "POST", headers: { Cookie: cookie } });

  it("is read-only toward real members: no like, wink, favourite, block, report or visit in the member's name", async () => {
    const operator = await signedInStaff(server);
    const member = await signedInMember(server);
    const real = await signedInMember(server);
    const profile = await createFictionalProfile(server);
    const { auth } = await impersonate(operator, member);
    const post = (path: string, body: unknown = {}) => server.request(path, jsonRequest("POST", body, auth));
    for (const action of ["like", "wink", "favorite", "block"]) {
      const refused = await post(`/api/profiles/${real.uuid}/${action}`);
      expect(refused.status, action).toBe(403);
      expect((await refused.json()).message).toBe("While impersonating a member you cannot act toward real members.");
    }
    for (const action of ["like", "favorite", "block"]) {
      const undo = await server.request(`/api/profiles/${real.uuid}/${action}`, { method: "DELETE", headers: auth });
      expect(undo.status, `un${action}`).toBe(403);
    }
    const report = await post("/api/reports", { reported_uuid: real.uuid, reason: "fake_profile" });
    expect(report.status).toBe(403);
    expect((await server.request(`/api/profiles/${real.uuid}`, { headers: auth })).status).toBe(200);

    const { db } = server.context.database;
    const [row] = await queryRows(
      db,
      sql`select
        (select count(*)::int from interactions where from_user_id = ${member.id}) as interactions,
        (select count(*)::int from reports where reporter_id = ${member.id}) as reports,
        (select count(*)::int from profile_visits where viewer_id = ${member.id}) as visits,
        (select count(*)::int from notifications where user_id = ${real.id}) as notified`,
    );
    expect(row).toEqual({ interactions: 0, reports: 0, visits: 0, notified: 0 });

    // Toward fictional profiles the desk acts as before (their visits are not recorded either).
    for (const action of ["like", "wink", "favorite"]) {
      expect((await post(`/api/profiles/${profile.uuid}/${action}`)).status, action).toBe(200);
    }
    // The member themselves still acts toward real members.
    expect((await server.request(`/api/profiles/${real.uuid}/like`, jsonRequest("POST", {}, member.auth))).status).toBe(
      200,
    );
  });

  it("ends 60 minutes after it began and is never renewed by a refresh", async () => {
    const operator = await signedInStaff(server);
    const member = await signedInMember(server);
    const { cookie, session, auth } = await impersonate(operator, member);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000);

    // 59 minutes in: a refresh still works, and does not move the end.
    const { db } = server.context.database;
    const end = new Date(Date.now() + 60_000);
    await db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 59 * 60_000), expiresAt: end })
      .where(eq(authSessions.id, session.id));
    const refreshed = await refresh(cookie);
    expect(refreshed.status).toBe(200);
    const [after] = await db.select().from(authSessions).where(eq(authSessions.id, session.id));
    expect(after?.expiresAt.getTime()).toBe(end.getTime());

    // Past the hour from its start, nothing of it works, whatever its stored end says.
    await db
      .update(authSessions)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000), expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(authSessions.id, session.id));
    expect((await me(auth)).status).toBe(401);
    expect((await refresh(refreshCookieOf(refreshed))).status).toBe(401);
  });

  it("ends at once when the operator loses the role or is deactivated, suspended or deleted", async () => {
    const { db } = server.context.database;
    const changes = [
      { roles: ["member"] },
      { deactivatedAt: new Date() },
      { suspendedAt: new Date(), suspendedReason: "misuse" },
      { deletedAt: new Date() },
    ];
    for (const change of changes) {
      const operator = await signedInStaff(server);
      const member = await signedInMember(server);
      const { auth, cookie } = await impersonate(operator, member);
      expect((await me(auth)).status).toBe(200);
      // The conversation list is read first: what the member was allowed a moment ago must not carry over.
      expect((await server.request("/api/user-conversations", { headers: auth })).status).toBe(200);
      await db.update(users).set(change).where(eq(users.id, operator.id));
      const label = Object.keys(change)[0];
      expect((await me(auth)).status, label).toBe(401);
      expect((await server.request("/api/user-conversations", { headers: auth })).status, label).toBe(401);
      expect((await refresh(cookie)).status, label).toBe(401);
    }
  });

  it("ends, when an admin suspends or deactivates the operator, their sessions as members, the sockets those authorised and their unused links", async () => {
    const { db } = server.context.database;
    const admin = await signedInStaff(server, ["admin"]);
    for (const path of ["suspend", "deactivate"]) {
      const operator = await signedInStaff(server);
      const member = await signedInMember(server);
      const { auth, session } = await impersonate(operator, member);
      const socket = await openSocket(server);
      sockets.push(socket);
      const signed = await server.request(
        "/api/broadcasting/auth",
        jsonRequest("POST", { socket_id: socket.socketId, channel_name: `private-credits.user.${member.uuid}` }, auth),
      );
      expect(signed.status, path).toBe(200);
      const unused = await server.request(`/api/admin/users/${member.uuid}/impersonation`, {
        method: "POST",
        headers: operator.auth,
      });
      const unusedToken = (await unused.json()).data.token as string;

      const body = path === "suspend" ? { reason: "Misused the console" } : undefined;
      const acted = await server.request(
        `/api/admin/members/${operator.uuid}/${path}`,
        jsonRequest("POST", body, admin.auth),
      );
      expect(acted.status, path).toBe(200);

      const [after] = await db.select().from(authSessions).where(eq(authSessions.id, session.id));
      expect(after?.revokedAt, path).not.toBeNull();
      expect(
        await Promise.race([socket.closed, new Promise((resolve) => setTimeout(resolve, 3_000, "open"))]),
        path,
      ).toBe(4010);
      const exchanged = await server.request("/api/impersonate", jsonRequest("POST", { token: unusedToken }));
      expect(exchanged.status, path).toBe(422);
    }
  });

  it("never shows the operator the member's conversations with real members", async () => {
    const operator = await signedInStaff(server);
    const member = await signedInMember(server);
    const realPartner = await signedInMember(server);
    const fictional = await createFictionalProfile(server);
    const withReal = (await memberWritesTo(server, realPartner, "Only for you", member)).conversationUuid;
    const withFiction = (await memberWritesTo(server, fictional, "Hello fiction", member)).conversationUuid;
    const listOf = async (auth: Record<string, string>) =>
      (
        (await (await server.request("/api/user-conversations", { headers: auth })).json()).data as Array<{
          uuid: string;
        }>
      ).map((conversation) => conversation.uuid);

    // The member's own view first (it is cached): both conversations.
    expect((await listOf(member.auth)).sort()).toEqual([withReal, withFiction].sort());
    const { auth } = await impersonate(operator, member);
    expect(await listOf(auth)).toEqual([withFiction]);
    expect((await server.request(`/api/user-conversations/${withFiction}/messages`, { headers: auth })).status).toBe(
      200,
    );

    const send = { type: "text", text: "operator here", client_id: randomUUID() };
    const attempts = [
      server.request(`/api/user-conversations/${withReal}/messages`, { headers: auth }),
      server.request(`/api/user-conversations/${withReal}`, { headers: auth }),
      server.request(`/api/user-conversations/${withReal}/messages`, jsonRequest("POST", send, auth)),
      server.request(`/api/profiles/${realPartner.uuid}/messages`, jsonRequest("POST", send, auth)),
      server.request(`/api/user-conversations/${withReal}/read`, jsonRequest("POST", { up_to_id: 1 }, auth)),
      server.request(`/api/user-conversations/${withReal}/star`, { method: "PUT", headers: auth }),
      server.request(`/api/user-conversations/${withReal}`, { method: "DELETE", headers: auth }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status, answer.url).toBe(404);

    // Nor live: the real conversation's channel is refused, the fictional one's signed.
    const socket = await openSocket(server);
    sockets.push(socket);
    const channelAuth = (uuid: string) =>
      server.request(
        "/api/broadcasting/auth",
        jsonRequest("POST", { socket_id: socket.socketId, channel_name: `private-conversation.${uuid}` }, auth),
      );
    expect((await channelAuth(withReal)).status).toBe(403);
    expect((await channelAuth(withFiction)).status).toBe(200);

    // The member still sees everything.
    expect((await listOf(member.auth)).sort()).toEqual([withReal, withFiction].sort());
    expect(
      (await server.request(`/api/user-conversations/${withReal}/messages`, { headers: member.auth })).status,
    ).toBe(200);
  });

  it("never shows the operator messages from real members through notifications, listed or live", async () => {
    const operator = await signedInStaff(server);
    const member = await signedInMember(server);
    const realPartner = await signedInMember(server);
    await memberWritesTo(server, member, "A secret for your eyes only", realPartner);
    expect(
      (await server.request(`/api/profiles/${member.uuid}/like`, { method: "POST", headers: realPartner.auth })).status,
    ).toBe(200);
    const inbox = async (auth: Record<string, string>) => {
      const answer = await server.request("/api/user-notifications", { headers: auth });
      expect(answer.status).toBe(200);
      return (await answer.json()) as { data: Array<{ data: { action_type: string } }>; meta: { total: number } };
    };

    const own = await inbox(member.auth);
    expect(own.data.map((entry) => entry.data.action_type).sort()).toEqual(["MESSAGE_RECEIVED", "USER_LIKE"]);
    const { auth } = await impersonate(operator, member);
    const seen = await inbox(auth);
    expect(seen.data.map((entry) => entry.data.action_type)).toEqual(["USER_LIKE"]);
    expect(seen.meta.total).toBe(1);
    expect(JSON.stringify(seen)).not.toContain("A secret for your eyes only");

    const socket = await openSocket(server);
    sockets.push(socket);
    const channelAuth = (channel: string) =>
      server.request(
        "/api/broadcasting/auth",
        jsonRequest("POST", { socket_id: socket.socketId, channel_name: `${channel}.user.${member.uuid}` }, auth),
      );
    expect((await channelAuth("private-notifications")).status).toBe(403);
    expect((await channelAuth("private-credits")).status).toBe(200);
  });
});

import { randomUUID } from "node:crypto";
import { authMessages } from "@velvet/shared/validation/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { createMember, giveCredits, jsonRequest, refreshCookieOf, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** "bans that hold": an admin's suspension, separate from the member's own deactivation. */
describe("suspending a member", () => {
  let server: TestServer;
  let admin: Member;

  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "100000" });
    admin = await signedInMember(server, { roles: ["admin"] });
  });
  afterAll(() => server.stop());

  const suspend = (uuid: string, body: unknown, auth = admin.auth) =>
    server.request(`/api/admin/members/${uuid}/suspend`, jsonRequest("POST", body, auth));
  const unsuspend = (uuid: string, auth = admin.auth) =>
    server.request(`/api/admin/members/${uuid}/unsuspend`, jsonRequest("POST", undefined, auth));
  const get = (path: string, auth: Record<string, string>) => server.request(path, { headers: auth });

  it("needs a reason of 3 to 500 characters, in English field errors", async () => {
    const member = await createMember(server);
    const cases: Array<[unknown, string]> = [
      [{}, "The reason field is required"],
      [{ reason: "no" }, "The reason field must be at least 3 characters"],
      [{ reason: "x".repeat(501) }, "The reason field may not be greater than 500 characters"],
    ];
    for (const [body, message] of cases) {
      const response = await suspend(member.uuid, body);
      expect(response.status).toBe(422);
      expect((await response.json()).errors.reason[0]).toBe(message);
    }
    expect((await suspend(member.uuid, { reason: "x".repeat(500) })).status).toBe(200);
  });

  it("is for admins only: operators and members get 403", async () => {
    const member = await createMember(server);
    const operator = await signedInMember(server, { roles: ["operator"] });
    const someone = await signedInMember(server);
    for (const caller of [operator, someone]) {
      expect((await suspend(member.uuid, { reason: "Fake profile" }, caller.auth)).status).toBe(403);
      expect((await unsuspend(member.uuid, caller.auth)).status).toBe(403);
    }
  });

  it("shows the state, the reason, who and when, and audits both actions with the reason", async () => {
    const member = await createMember(server);
    const response = await suspend(member.uuid, { reason: "  Asked members for money  " });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.suspension).toMatchObject({
      reason: "Asked members for money",
      suspended_by: { uuid: admin.uuid, username: admin.username },
    });
    expect(Date.now() - Date.parse(data.suspension.suspended_at)).toBeLessThan(60_000);
    const detail = await (await get(`/api/admin/members/${member.uuid}`, admin.auth)).json();
    expect(detail.data.suspension.reason).toBe("Asked members for money");
    const found = await (await get(`/api/admin/members?q=${member.username}`, admin.auth)).json();
    expect(found.data[0].suspension.suspended_by.username).toBe(admin.username);

    const lifted = await unsuspend(member.uuid);
    expect((await lifted.json()).data.suspension).toBeNull();
    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, member.id), eq(auditLog.actorId, admin.id)));
    expect(audits.map((row) => [row.action, row.metadata])).toEqual([
      ["member.suspended", { reason: "Asked members for money" }],
      ["member.unsuspended", { previous_reason: "Asked members for money" }],
    ]);
  });

  it("refuses sign-in (only with the right password), refresh, reactivation and every held token", async () => {
    const member = await createMember(server);
    const signIn = (password: string) =>
      server.request("/api/login", jsonRequest("POST", { email: member.email, password }));
    const session = await signIn(member.password);
    const refreshCookie = refreshCookieOf(session);
    const token = (await session.json()).data.access_token as string;
    const bearer = { Authorization: `Bearer ${token}` };
    expect((await server.request("/api/account/deactivate", jsonRequest("POST", undefined, bearer))).status).toBe(200);

    expect((await suspend(member.uuid, { reason: "Harassment reports" })).status).toBe(200);

    const right = await signIn(member.password);
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({ message: authMessages.suspended });
    const wrong = await signIn("not-the-password-at-all");
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.email).toEqual([authMessages.failed]);
    const refresh = await server.request("/api/refresh", { method: "POST", headers: { Cookie: refreshCookie } });
    expect(refresh.status).toBe(401);
    const reactivate = await server.request("/api/account/reactivate", jsonRequest("POST", undefined, bearer));
    expect(reactivate.status).toBe(403);
    expect(await reactivate.json()).toEqual({ message: authMessages.suspended });
    expect((await get("/api/profiles", bearer)).status).toBe(403);

    // Lifting the ban restores sign-in, not the sessions it ended.
    expect((await unsuspend(member.uuid)).status).toBe(200);
    expect((await get("/api/profiles", bearer)).status).toBe(401);
    expect((await signIn(member.password)).status).toBe(200);
  });

  it("takes the profile out of search, favourites and visitor lists, and answers 404 for it, until lifted", async () => {
    const viewer = await signedInMember(server);
    const target = await signedInMember(server);
    expect((await get(`/api/profiles/${viewer.uuid}`, target.auth)).status).toBe(200);
    expect(
      (await server.request(`/api/profiles/${target.uuid}/favorite`, jsonRequest("POST", undefined, viewer.auth)))
        .status,
    ).toBe(200);
    expect(
      (await server.request(`/api/profiles/${viewer.uuid}/favorite`, jsonRequest("POST", undefined, target.auth)))
        .status,
    ).toBe(200);

    const shows = async () => {
      const uuidsOf = async (path: string) =>
        ((await (await get(path, viewer.auth)).json()).data as Array<{ uuid: string }>).map((card) => card.uuid);
      return {
        search: (await uuidsOf("/api/profiles?gender=male&sort=newest")).includes(target.uuid),
        favourites: (await uuidsOf("/api/my-favorites")).includes(target.uuid),
        favouritedMe: (await uuidsOf("/api/my-favorites?tab=favorited_me")).includes(target.uuid),
        visitors: (await uuidsOf("/api/my-visitors")).includes(target.uuid),
        profile: (await get(`/api/profiles/${target.uuid}`, viewer.auth)).status,
      };
    };
    const visible = { search: true, favourites: true, favouritedMe: true, visitors: true, profile: 200 };
    expect(await shows()).toEqual(visible);
    await suspend(target.uuid, { reason: "Fake photos" });
    expect(await shows()).toEqual({
      search: false,
      favourites: false,
      favouritedMe: false,
      visitors: false,
      profile: 404,
    });
    await unsuspend(target.uuid);
    expect(await shows()).toEqual(visible);
  });

  it("leaves a real member's conversation with them read-only until lifted", async () => {
    const partner = await signedInMember(server);
    const suspect = await signedInMember(server);
    await giveCredits(server, partner, 20);
    const message = (text: string) =>
      jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, partner.auth);
    const first = await server.request(`/api/profiles/${suspect.uuid}/messages`, message("Hello there"));
    expect(first.status).toBe(201);
    const conversation = (await first.json()).data.conversation as string;
    const send = (text: string) => server.request(`/api/user-conversations/${conversation}/messages`, message(text));
    const partnerSees = async () => {
      const list = await (await get("/api/user-conversations", partner.auth)).json();
      const one = await (await get(`/api/user-conversations/${conversation}`, partner.auth)).json();
      expect(one.data.chatmate.online && !one.data.chatmate.available).toBe(false);
      return { inList: list.data[0].chatmate.available, alone: one.data.chatmate.available };
    };
    expect(await partnerSees()).toEqual({ inList: true, alone: true });

    await suspend(suspect.uuid, { reason: "Scam messages" });
    expect(await partnerSees()).toEqual({ inList: false, alone: false });
    const refused = await send("Are you there?");
    expect(refused.status).toBe(403);
    expect((await server.request(`/api/profiles/${suspect.uuid}/messages`, message("Hello?"))).status).toBe(404);
    const history = await (await get(`/api/user-conversations/${conversation}/messages`, partner.auth)).json();
    expect(history.data.map((message: { text: string }) => message.text)).toEqual(["Hello there"]);

    await unsuspend(suspect.uuid);
    expect(await partnerSees()).toEqual({ inList: true, alone: true });
    expect((await send("Welcome back")).status).toBe(201);
  });

  it("refuses to let an admin suspend themselves, and answers 404 for an unknown account", async () => {
    expect((await suspend(admin.uuid, { reason: "Testing the lock" })).status).toBe(403);
    expect((await suspend(randomUUID(), { reason: "Nobody at all" })).status).toBe(404);
  });
});

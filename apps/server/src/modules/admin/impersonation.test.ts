import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { impersonationTokens } from "../../platform/db/schema/auth";
import { createMember, jsonRequest, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("impersonation", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const issue = (authorization: Record<string, string>, uuid: string) =>
    server.request(`/api/admin/users/${uuid}/impersonation`, { method: "POST", headers: authorization });
  const exchange = (token: string) => server.request("/api/impersonate", jsonRequest("POST", { token }));

  it("is for operators and admins only: a guest gets 401, a member 403", async () => {
    const member = await createMember(server);
    const other = await createMember(server);
    expect((await server.request(`/api/admin/users/${other.uuid}/impersonation`, { method: "POST" })).status).toBe(401);
    const session = await signIn(server, member.email ?? "", member.password);
    expect((await issue(session.authorization, other.uuid)).status).toBe(403);
  });

  it("gives an operator a single-use link that signs in as the member and records the operator", async () => {
    const operator = await createMember(server, { roles: ["operator"] });
    const member = await createMember(server);
    const staff = await signIn(server, operator.email ?? "", operator.password);
    const issued = await issue(staff.authorization, member.uuid);
    expect(issued.status).toBe(201);
    const { data } = await issued.json();
    expect(data.url).toBe(
      `${server.context.config.appUrl}/dashboard?impersonate_token=${encodeURIComponent(data.token)}`,
    );
    expect(new Date(data.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const used = await exchange(data.token);
    expect(used.status).toBe(200);
    const authorization = { Authorization: `Bearer ${(await used.json()).data.access_token}` };
    const me = await (await server.request("/api/me", { method: "POST", headers: authorization })).json();
    expect(me.data).toMatchObject({ uuid: member.uuid, impersonated: true });

    const again = await exchange(data.token);
    expect(again.status).toBe(422);
    expect((await again.json()).errors.token).toEqual(["This sign-in link is invalid or has expired."]);

    // Acting as the member, the operator cannot change credentials or delete the account.
    const password = await server.request(
      "/api/account/password",
      jsonRequest(
        "PUT",
        { current_password: member.password, password: "taken-over-123", password_confirmation: "taken-over-123" },
        authorization,
      ),
    );
    expect(password.status).toBe(403);
    expect((await password.json()).message).toBe("This action is not available while impersonating a member.");
    expect(
      (
        await server.request(
          "/api/account/email",
          jsonRequest("PUT", { email: "x@example.com", current_password: member.password }, authorization),
        )
      ).status,
    ).toBe(403);
    expect(
      (await server.request("/api/account", jsonRequest("DELETE", { password: member.password }, authorization)))
        .status,
    ).toBe(403);

    const audit = await server.context.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, member.id));
    const actions = audit.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["impersonation.issued", "impersonation.started", "impersonation.request"]),
    );
    expect(audit.every((entry) => entry.actorId === operator.id)).toBe(true);
  });

  it("expires after 5 minutes", async () => {
    const admin = await createMember(server, { roles: ["admin", "operator"] });
    const member = await createMember(server);
    const staff = await signIn(server, admin.email ?? "", admin.password);
    const { data } = await (await issue(staff.authorization, member.uuid)).json();
    await server.context.database.db.update(impersonationTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await exchange(data.token)).status).toBe(422);
  });

  it("never impersonates staff, and answers 404 for unknown members", async () => {
    const operator = await createMember(server, { roles: ["operator"] });
    const admin = await createMember(server, { roles: ["admin"] });
    const staff = await signIn(server, operator.email ?? "", operator.password);
    expect((await issue(staff.authorization, admin.uuid)).status).toBe(404);
    expect((await issue(staff.authorization, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { users } from "../../platform/db/schema/members";
import { createMember, jsonRequest, signedInMember, signIn } from "../../test/factories";
import { concreteUrl } from "../../test/route-urls";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * Staff whose account is deactivated or suspended lose the consoles at
 * once. Every /api/operator/* and /api/admin/* route of the route table answers
 * 403 for them, their sessions are revoked, and no impersonation link is issued.
 */
describe("staff who are deactivated or suspended", () => {
  let server: TestServer;
  let boss: Awaited<ReturnType<typeof signedInMember>>;

  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "1000000" });
    boss = await signedInMember(server, { roles: ["admin"] });
  });
  afterAll(() => server.stop());

  const consoleRoutes = () =>
    server.app.routeTable.filter(
      (route) => /^\/api\/(admin|operator)\//.test(route.url) && route.method !== "HEAD" && route.method !== "OPTIONS",
    );

  /** Status of every console route for the caller; the guard answers before any body is read. */
  async function consoleAnswers(auth: Record<string, string>) {
    const answers = new Map<number, string[]>();
    for (const route of consoleRoutes()) {
      const response = await server.request(concreteUrl(route.url), { method: route.method, headers: auth });
      await response.body?.cancel();
      answers.set(response.status, [...(answers.get(response.status) ?? []), `${route.method} ${route.url}`]);
    }
    return answers;
  }

  const impersonate = (auth: Record<string, string>, target: string) =>
    server.request(`/api/admin/users/${target}/impersonation`, jsonRequest("POST", undefined, auth));

  it("walks a real set of console routes, which an active admin reaches", async () => {
    expect(consoleRoutes().length).toBeGreaterThan(40);
    const member = await createMember(server);
    expect((await impersonate(boss.auth, member.uuid)).status).toBe(201);
  });

  it("an admin who deactivated their own account gets 403 on every console route", async () => {
    const admin = await signedInMember(server, { roles: ["admin", "operator"] });
    const deactivated = await server.request("/api/account/deactivate", jsonRequest("POST", undefined, admin.auth));
    const token = (await deactivated.json()).data.access_token as string;
    const auth = { Authorization: `Bearer ${token}` };
    expect([...(await consoleAnswers(auth)).keys()]).toEqual([403]);
    expect((await impersonate(auth, boss.uuid)).status).toBe(403);
  });

  it("an operator deactivated by an admin loses every session, and signed in again gets 403 everywhere", async () => {
    const operator = await signedInMember(server, { roles: ["operator"] });
    const off = await server.request(
      `/api/admin/members/${operator.uuid}/deactivate`,
      jsonRequest("POST", undefined, boss.auth),
    );
    expect(off.status).toBe(200);
    expect((await server.request("/api/me", jsonRequest("POST", undefined, operator.auth))).status).toBe(401);
    const again = await signIn(server, operator.email ?? "", operator.password);
    expect([...(await consoleAnswers(again.authorization)).keys()]).toEqual([403]);
    const member = await createMember(server);
    expect((await impersonate(again.authorization, member.uuid)).status).toBe(403);
  });

  it("an account an admin closed cannot reopen itself (staff or member); only an admin lifts it, audited", async () => {
    for (const roles of [["operator"], ["member"]]) {
      const closed = await signedInMember(server, { roles });
      const off = await server.request(
        `/api/admin/members/${closed.uuid}/deactivate`,
        jsonRequest("POST", undefined, boss.auth),
      );
      expect(off.status).toBe(200);
      const [row] = await server.context.database.db.select().from(users).where(eq(users.id, closed.id));
      expect(row?.deactivatedById).toBe(boss.id);
      const session = await signIn(server, closed.email ?? "", closed.password);
      const reopened = await server.request(
        "/api/account/reactivate",
        jsonRequest("POST", undefined, session.authorization),
      );
      expect(reopened.status, roles[0]).toBe(403);
      expect((await reopened.json()).message).toBe("This account was closed by our team. Contact support.");
      // Closing it again themselves does not make it their own closing.
      await server.request("/api/account/deactivate", jsonRequest("POST", undefined, session.authorization));
      const relogged = await signIn(server, closed.email ?? "", closed.password);
      expect(
        (await server.request("/api/account/reactivate", jsonRequest("POST", undefined, relogged.authorization)))
          .status,
      ).toBe(403);
      if (roles[0] === "operator") expect([...(await consoleAnswers(relogged.authorization)).keys()]).toEqual([403]);

      const lifted = await server.request(
        `/api/admin/members/${closed.uuid}/reactivate`,
        jsonRequest("POST", undefined, boss.auth),
      );
      expect(lifted.status).toBe(200);
      const audit = await server.context.database.db
        .select({ action: auditLog.action, actorId: auditLog.actorId })
        .from(auditLog)
        .where(eq(auditLog.targetUserId, closed.id));
      expect(audit).toEqual(
        expect.arrayContaining([
          { action: "member.deactivated_by_admin", actorId: boss.id },
          { action: "member.reactivated_by_admin", actorId: boss.id },
        ]),
      );
      const [after] = await server.context.database.db.select().from(users).where(eq(users.id, closed.id));
      expect(after).toMatchObject({ deactivatedAt: null, deactivatedById: null });
    }
  });

  it("a member who closed their own account reopens it themselves", async () => {
    const member = await signedInMember(server);
    const off = await server.request("/api/account/deactivate", jsonRequest("POST", undefined, member.auth));
    expect(off.status).toBe(200);
    const token = (await off.json()).data.access_token as string;
    const [row] = await server.context.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.deactivatedById).toBe(member.id);
    const back = await server.request(
      "/api/account/reactivate",
      jsonRequest("POST", undefined, { Authorization: `Bearer ${token}` }),
    );
    expect(back.status).toBe(200);
  });

  it("a suspended admin's held token gets 403 on every console route, and no impersonation link", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    const suspended = await server.request(
      `/api/admin/members/${admin.uuid}/suspend`,
      jsonRequest("POST", { reason: "Shared the console password" }, boss.auth),
    );
    expect(suspended.status).toBe(200);
    expect([...(await consoleAnswers(admin.auth)).keys()]).toEqual([403]);
    const member = await createMember(server);
    expect((await impersonate(admin.auth, member.uuid)).status).toBe(403);
  });
});

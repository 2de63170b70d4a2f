import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInMember } from "../../test/factories";
import { concreteUrl } from "../../test/route-urls";
import { startTestServer, type TestServer } from "../../test/support";

describe("console routes are for staff only", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("answers 401 to a guest and 403 to a member on every /api/operator and /api/admin route, before validation", async () => {
    const consoleRoutes = server.app.routeTable.filter(
      (route) => /^\/api\/(operator|admin)\//.test(route.url) && route.method !== "HEAD",
    );
    // The walk must see the console: a renamed prefix would otherwise pass with nothing checked.
    expect(consoleRoutes.filter((route) => route.url.startsWith("/api/operator/")).length).toBeGreaterThanOrEqual(14);
    expect(consoleRoutes.some((route) => route.url.startsWith("/api/admin/"))).toBe(true);

    const member = await signedInMember(server);
    const refused: string[] = [];
    for (const route of consoleRoutes) {
      const url = concreteUrl(route.url);
      // A body that fails every schema: a 422 here would mean validation ran before the role check.
      const init = (headers: Record<string, string>): RequestInit =>
        route.method === "GET" || route.method === "DELETE"
          ? { method: route.method, headers }
          : {
              method: route.method,
              headers: { ...headers, "Content-Type": "application/json" },
              body: JSON.stringify({ nonsense: true }),
            };
      const asGuest = await server.request(url, init({}));
      const asMember = await server.request(url, init(member.auth));
      if (asGuest.status !== 401) refused.push(`${route.method} ${route.url}: guest got ${asGuest.status}`);
      if (asMember.status !== 403) refused.push(`${route.method} ${route.url}: member got ${asMember.status}`);
    }
    expect(refused).toEqual([]);
  });

  it("refuses an operator the admin-only template writes", async () => {
    const operator = await signedInMember(server, { roles: ["operator"] });
    const response = await server.request("/api/operator/templates", {
      method: "POST",
      headers: { ...operator.auth, "Content-Type": "application/json" },
      body: JSON.stringify({ code: "x", kind: "canned", text: "Hi" }),
    });
    expect(response.status).toBe(403);
  });
});

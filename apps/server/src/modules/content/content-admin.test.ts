import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { ensureStaticPages } from "./page-catalogue";

describe("admin: content pages", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await ensureStaticPages(server.context.database.db, server.context.config);
  });
  afterAll(() => server.stop());

  const edit = {
    title: "Affiliates",
    meta_title: "Partner with Velvet Hearts",
    meta_description: "Earn commission by sending adult visitors to Velvet Hearts.",
    content: '<h2>Partner with us</h2><p onclick="steal()">Write to partners@example.com.</p><script>alert(1)</script>',
  };

  it("lets an admin edit a page: stored sanitised, kept over the repository's text at the next start, audited", async () => {
    const [admin, member] = await Promise.all([signedInMember(server, { roles: ["admin"] }), signedInMember(server)]);
    const saved = await server.request("/api/admin/pages/affiliates", jsonRequest("PUT", edit, admin.auth));
    expect(saved.status).toBe(200);
    const { data } = await saved.json();
    expect(data).toMatchObject({ slug: "affiliates", meta_title: "Partner with Velvet Hearts" });
    expect(data.content).toContain("<h2>Partner with us</h2>");
    expect(data.content).not.toMatch(/script|onclick/);

    await ensureStaticPages(server.context.database.db, server.context.config);
    const served = await (await server.request("/api/pages/affiliates")).json();
    expect(served.data.title).toBe("Affiliates");
    expect(served.data.content).toContain("Partner with us");

    expect((await server.request("/api/admin/pages/no-such-page", jsonRequest("PUT", edit, admin.auth))).status).toBe(
      404,
    );
    expect((await server.request("/api/admin/pages/affiliates", jsonRequest("PUT", edit, member.auth))).status).toBe(
      403,
    );
    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, "static_page.updated")));
    expect(audits).toHaveLength(1);
  });
});

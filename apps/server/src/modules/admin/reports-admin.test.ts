import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("admin: reports", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("lists pending reports with their parties, moves one through review with notes, audited", async () => {
    const [admin, reporter, reported] = await Promise.all([
      signedInMember(server, { roles: ["admin"] }),
      signedInMember(server),
      signedInMember(server),
    ]);
    const filed = await server.request(
      "/api/reports",
      jsonRequest(
        "POST",
        { reported_uuid: reported.uuid, reason: "harassment", details: "Rude messages" },
        reporter.auth,
      ),
    );
    expect(filed.status).toBe(201);

    const pending = await (await server.request("/api/admin/reports", { headers: admin.auth })).json();
    const report = pending.data.find(
      (item: { reported: { uuid: string } | null }) => item.reported?.uuid === reported.uuid,
    );
    expect(report).toMatchObject({
      status: "pending",
      reason: "harassment",
      details: "Rude messages",
      reporter: { uuid: reporter.uuid, username: reporter.username },
      notes: [],
    });
    expect(pending.meta).toMatchObject({ current_page: 1 });

    const update = (body: unknown) =>
      server.request(`/api/admin/reports/${report.id}`, jsonRequest("PUT", body, admin.auth));
    const reviewing = await update({ status: "under_review", note: "Asked the reporter for screenshots" });
    expect(reviewing.status).toBe(200);
    expect((await reviewing.json()).data).toMatchObject({
      status: "under_review",
      notes: [{ text: "Asked the reporter for screenshots", author: { uuid: admin.uuid } }],
    });
    const accepted = await (await update({ status: "accepted" })).json();
    expect(accepted.data.status).toBe("accepted");
    expect(accepted.data.notes).toHaveLength(1);
    const empty = await update({});
    expect(empty.status).toBe(422);

    const stillPending = await (await server.request("/api/admin/reports", { headers: admin.auth })).json();
    expect(stillPending.data.some((item: { id: number }) => item.id === report.id)).toBe(false);
    const done = await (await server.request("/api/admin/reports?status=accepted", { headers: admin.auth })).json();
    expect(done.data.map((item: { id: number }) => item.id)).toContain(report.id);
    expect(
      (await server.request("/api/admin/reports/999999", jsonRequest("PUT", { note: "x" }, admin.auth))).status,
    ).toBe(404);
    expect((await server.request("/api/admin/reports", { headers: reporter.auth })).status).toBe(403);

    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, "report.updated")));
    expect(audits).toHaveLength(2);
  });
});

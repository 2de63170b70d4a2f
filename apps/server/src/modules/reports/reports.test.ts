import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photos } from "../../platform/db/schema/profiles";
import { reports } from "../../platform/db/schema/reports";
import { withBotCheck } from "../../test/bot-check";
import { createMember, jsonRequest, signIn, waitForMail } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("reports", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("stores a member's report of a member and acknowledges it by email", async () => {
    const reporter = await createMember(server);
    const reported = await createMember(server);
    const session = await signIn(server, reporter.email ?? "", reporter.password);
    const response = await server.request(
      "/api/reports",
      jsonRequest(
        "POST",
        { reported_uuid: reported.uuid, reason: "harassment", details: "Rude messages" },
        session.authorization,
      ),
    );
    expect(response.status).toBe(201);
    expect((await waitForMail(server, reporter.email ?? "")).subject).toContain("We received your report");
    const [row] = await server.context.database.db.select().from(reports);
    expect(row).toMatchObject({
      reporterId: reporter.id,
      reportedUserId: reported.id,
      reason: "harassment",
      status: "pending",
    });
  });

  it("stores a report of one photo against the photo and its owner", async () => {
    const reporter = await createMember(server);
    const owner = await createMember(server);
    const [photo] = await server.context.database.db
      .insert(photos)
      .values({ userId: owner.id, storageKey: `photos/${randomUUID()}`, width: 800, height: 1000, status: "approved" })
      .returning();
    const session = await signIn(server, reporter.email ?? "", reporter.password);
    const response = await server.request(
      "/api/reports",
      jsonRequest("POST", { photo_uuid: photo?.uuid, reason: "inappropriate_photo" }, session.authorization),
    );
    expect(response.status).toBe(201);
    const [row] = await server.context.database.db
      .select()
      .from(reports)
      .where(eq(reports.photoId, photo?.id ?? 0));
    expect(row).toMatchObject({ reporterId: reporter.id, reportedUserId: owner.id, reason: "inappropriate_photo" });
  });

  it("takes reports from guests who leave an email, and asks for one otherwise", async () => {
    const reported = await createMember(server);
    const missing = await server.request(
      "/api/reports",
      jsonRequest("POST", await withBotCheck(server, { reported_uuid: reported.uuid, reason: "fake_profile" })),
    );
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors.email).toEqual(["Please fill in a valid email address"]);
    const ok = await server.request(
      "/api/reports",
      jsonRequest(
        "POST",
        await withBotCheck(server, {
          reported_uuid: reported.uuid,
          reason: "fake_profile",
          email: "guest@example.com",
        }),
      ),
    );
    expect(ok.status).toBe(201);
    expect((await waitForMail(server, "guest@example.com")).subject).toContain("We received your report");
  });

  it("refuses unknown reasons and unknown members", async () => {
    const bad = await server.request(
      "/api/reports",
      jsonRequest("POST", { reason: "because", email: "a@example.com" }),
    );
    expect((await bad.json()).errors.reason).toEqual(["The reason field must be a valid value"]);
    const unknown = await server.request(
      "/api/reports",
      jsonRequest(
        "POST",
        await withBotCheck(server, {
          reported_uuid: "00000000-0000-4000-8000-000000000000",
          reason: "spam_or_scam",
          email: "a@example.com",
        }),
      ),
    );
    expect(unknown.status).toBe(404);
  });
});

import { ZAdminJobsResponseSchema } from "@velvet/shared/api/admin-jobs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../platform/db/schema/jobs";
import { signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { DIGEST_JOB } from "../notifications";

describe("admin: background jobs", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("counts waiting, failed and done jobs per kind, with the scheduled kinds' next run", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    // A kind no process handles: its rows stay as written.
    const kind = "admin.test_kind";
    await server.context.database.db.insert(jobs).values([
      { kind, payload: {} },
      { kind, payload: {}, runAt: sql`now() + interval '1 hour'` },
      { kind, payload: {}, failedAt: sql`now()`, lastError: "gave up" },
      { kind, payload: {}, completedAt: sql`now()` },
    ]);
    await server.jobs.runDue();

    const response = await server.request("/api/admin/jobs", { headers: admin.auth });
    expect(response.status).toBe(200);
    const { data } = ZAdminJobsResponseSchema.parse(await response.json());
    expect(data.kinds.find((row) => row.kind === kind)).toEqual({
      kind,
      waiting: 2,
      failed: 1,
      done: 1,
      next_run_at: null,
    });
    const digest = data.kinds.find((row) => row.kind === DIGEST_JOB);
    expect(digest?.next_run_at).not.toBeNull();
    expect(new Date(digest?.next_run_at ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is for admins only", async () => {
    const operator = await signedInMember(server, { roles: ["operator"] });
    const member = await signedInMember(server);
    expect((await server.request("/api/admin/jobs", { headers: operator.auth })).status).toBe(403);
    expect((await server.request("/api/admin/jobs", { headers: member.auth })).status).toBe(403);
    expect((await server.request("/api/admin/jobs")).status).toBe(401);
  });
});

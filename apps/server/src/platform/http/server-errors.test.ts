import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../modules/auth";
import { secretsIn } from "../../test/log-secrets";
import { startTestServer, type TestServer } from "../../test/support";
import { REDACTED } from "../logging/logger";
import { hashToken } from "../security/secrets";

describe("5xx answers and what their logs keep", () => {
  let server: TestServer;
  const token = randomBytes(24).toString("base64url");
  let passwordHash = "";

  function addFailingRoutes(app: FastifyInstance) {
    // A query that fails on the database with a token hash and a password hash among its parameters,
    // on a parameter the database quotes in its message.
    app.get("/api/test-failing-query", { config: { siteKeyExempt: true }, schema: { hide: true } }, async () => {
      await server.context.database.db.execute(
        sql`select ${hashToken(token)}::text, ${passwordHash}::text, ${"not-a-number"}::int`,
      );
      return {};
    });
    app.get("/api/test-database-down", { config: { siteKeyExempt: true }, schema: { hide: true } }, async () => {
      throw new Error("Failed query: select 1", {
        cause: Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" }),
      });
    });
  }

  beforeAll(async () => {
    passwordHash = await hashPassword("a-password-nobody-uses");
    server = await startTestServer({}, { beforeListen: addFailingRoutes });
  });
  afterAll(() => server.stop());

  it("logs a failed query without its parameters, hashes or the request's query values", async () => {
    const before = server.logs.length;
    const response = await server.request(`/api/test-failing-query?token=${token}&email=someone%40example.com`);
    expect(response.status).toBe(500);
    await expect.poll(() => server.logs.slice(before).join("")).toContain("request failed");
    const log = server.logs.slice(before).join("");
    expect(log).toContain("Failed query: select $1::text, $2::text, $3::int");
    expect(log).toContain(`invalid input syntax for type integer: ${REDACTED}`);
    for (const secret of [
      token,
      hashToken(token),
      passwordHash,
      "$argon2id$",
      "someone%40example.com",
      "not-a-number",
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(secretsIn(log)).toEqual([]);
  });

  it("answers a database outage with a plain 503 that does not claim maintenance", async () => {
    const response = await server.request("/api/test-database-down");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const body = await response.json();
    expect(body).toEqual({ message: expect.any(String) });
    expect(body).not.toHaveProperty("maintenance");
  });
});

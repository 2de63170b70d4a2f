import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../platform/db/client";
import { signedInMember } from "../test/factories";
import { concreteUrl } from "../test/route-urls";
import { startTestServer, type TestServer } from "../test/support";

/**
 * Every JSON route's schema is fired at with malformed, oversized and
 * wrong-typed bodies. Each must answer a 4xx in the documented envelope, never a
 * 500, and write nothing. The routes come from the route table, so a new route
 * is fuzzed without anyone remembering to add it here.
 */

type JsonType = "object" | "array" | "number" | "string" | "boolean" | "null";
type PropertySchema = {
  type?: string | string[];
  anyOf?: PropertySchema[];
  oneOf?: PropertySchema[];
  maxLength?: number;
};
interface FuzzTarget {
  method: string;
  url: string;
  properties: Record<string, PropertySchema>;
}

/** One value of each JSON type; a property gets one whose type its schema does not allow. */
const valueOfType: Record<JsonType, unknown> = {
  object: { fuzz: [1, { nested: true }] },
  array: ["fuzz", 1, null],
  number: 12345.5,
  string: "fuzz-string",
  boolean: true,
  null: null,
};

function allowedTypes(schema: PropertySchema): Set<JsonType> | null {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const union = new Set<JsonType>();
    for (const branch of branches) {
      const types = allowedTypes(branch);
      if (!types) return null;
      for (const type of types) union.add(type);
    }
    return union;
  }
  if (schema.type === undefined) return null;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set(types.map((type) => (type === "integer" ? "number" : type) as JsonType));
}

/** Values no schema of this property accepts: a wrong type, and a string one character over its limit. */
function invalidValues(schema: PropertySchema): unknown[] {
  const allowed = allowedTypes(schema);
  if (!allowed) return [];
  const values = (Object.keys(valueOfType) as JsonType[])
    .filter((type) => !allowed.has(type))
    .map((type) => valueOfType[type]);
  if (allowed.size === 1 && allowed.has("string") && typeof schema.maxLength === "number") {
    values.push("x".repeat(schema.maxLength + 1));
  }
  return values;
}

function fuzzTargets(server: TestServer): FuzzTarget[] {
  return server.app.routeTable
    .filter((route) => route.url.startsWith("/api/") && route.bodySchema instanceof z.ZodType)
    .map((route) => {
      const jsonSchema = z.toJSONSchema(route.bodySchema as z.ZodType, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, PropertySchema>;
      };
      return { method: route.method, url: concreteUrl(route.url), properties: jsonSchema.properties ?? {} };
    });
}

/** Every row count in the database, to prove a refused request wrote nothing. */
async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const { db } = server.context.database;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    // Scheduled passes (job_schedules) add their own rows to `jobs` on their clock; a request's jobs are the rest.
    const query =
      name === "jobs"
        ? "select count(*)::text as count from jobs where kind not in (select name from job_schedules)"
        : `select count(*)::text as count from "${name}"`;
    const [row] = await queryRows<{ count: string }>(db, sql.raw(query));
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
}

describe("input fuzzing of every JSON route", () => {
  let server: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({
      API_RATE_LIMIT: "1000000",
      REGISTER_RATE_LIMIT: "1000000",
      MESSAGE_RATE_LIMIT: "1000000",
    });
    // Staff, so the console routes get as far as their body validation too.
    auth = (await signedInMember(server, { roles: ["admin", "operator"] })).auth;
  });
  afterAll(() => server.stop());

  let requestsSent = 0;
  async function expectRefused(target: FuzzTarget, body: string, failures: string[]) {
    requestsSent++;
    const response = await server.request(target.url, {
      method: target.method,
      headers: { ...auth, "Content-Type": "application/json" },
      body,
    });
    const text = await response.text();
    const shown = `${target.method} ${target.url} ${body.slice(0, 120)} -> ${response.status} ${text.slice(0, 200)}`;
    if (response.status < 400 || response.status >= 500) {
      failures.push(shown);
      return;
    }
    let envelope: { message?: unknown; errors?: unknown };
    try {
      envelope = JSON.parse(text);
    } catch {
      failures.push(`${shown} (not JSON)`);
      return;
    }
    const fieldErrorsOk =
      response.status !== 422 ||
      (typeof envelope.errors === "object" &&
        envelope.errors !== null &&
        Object.values(envelope.errors).every(
          (messages) => Array.isArray(messages) && messages.every((message) => typeof message === "string"),
        ));
    if (typeof envelope.message !== "string" || !fieldErrorsOk) failures.push(`${shown} (not the error envelope)`);
  }

  it("finds the JSON routes to fuzz", () => {
    const targets = fuzzTargets(server);
    // A change that hid the schemas from the route table would otherwise fuzz nothing and pass.
    expect(targets.length).toBeGreaterThanOrEqual(35);
    expect(targets.filter((target) => Object.keys(target.properties).length > 0).length).toBeGreaterThanOrEqual(30);
  });

  it("answers malformed, oversized and wrong-typed bodies with a 4xx envelope, never a 500, writing nothing", async () => {
    const before = await rowCounts(server);
    const failures: string[] = [];
    const malformed = [
      "{not json",
      "[]",
      '"a string"',
      "42",
      "true",
      `${"[".repeat(5000)}${"]".repeat(5000)}`,
      JSON.stringify({ padding: "x".repeat(2_000_000) }),
    ];
    for (const target of fuzzTargets(server)) {
      for (const body of malformed) await expectRefused(target, body, failures);

      const names = Object.keys(target.properties);
      const poisoned = names
        .map((name) => ({ name, values: invalidValues(target.properties[name] ?? {}) }))
        .filter((entry) => entry.values.length > 0);
      if (poisoned.length === 0) continue;
      // Any JSON for the other properties, and at least one property with a value its schema cannot accept.
      const bodies = fc
        .tuple(
          fc.dictionary(fc.constantFrom(...names), fc.jsonValue({ maxDepth: 3 }), { maxKeys: names.length }),
          fc.uniqueArray(
            fc
              .constantFrom(...poisoned)
              .chain(({ name, values }) => fc.tuple(fc.constant(name), fc.constantFrom(...values))),
            { minLength: 1, maxLength: 3, selector: ([name]) => name },
          ),
        )
        .map(([others, bad]) => ({ ...others, ...Object.fromEntries(bad) }));
      // Failures are collected rather than thrown, so one run reports every route that misbehaves.
      for (const body of fc.sample(bodies, { numRuns: 15, seed: 20261123 })) {
        await expectRefused(target, JSON.stringify(body), failures);
      }
    }
    expect(failures).toEqual([]);
    // Seven malformed bodies per route and fifteen generated ones for each route with typed properties.
    expect(requestsSent).toBeGreaterThan(35 * 7 + 30 * 15);
    expect(await rowCounts(server)).toEqual(before);
    const serverErrors = server.logs.filter((line) => /"level":(50|60)/.test(line));
    expect(serverErrors).toEqual([]);
  }, 600_000);
});

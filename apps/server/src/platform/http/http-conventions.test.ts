import { ZErrorResponseSchema } from "@velvet/shared/api/envelope";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/support";

/** A probe route with a real shared schema, to prove the platform's envelope on every failure. */
const ZProbeRequestSchema = z.object({
  email: z.email({ error: "Please fill in a valid email address" }),
  password: z.string().min(8).max(128),
  city: z.string({ error: "Please fill in your city" }).trim().min(1, { error: "Please fill in your city" }),
  age: z.number().int().min(18),
});

function addProbeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/test-probe",
      { schema: { body: ZProbeRequestSchema, response: { 200: z.object({ data: z.object({ ok: z.boolean() }) }) } } },
      async () => ({ data: { ok: true } }),
    );
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("HTTP conventions", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { API_RATE_LIMIT: "1000", BODY_LIMIT_BYTES: "2048" },
      { beforeListen: addProbeRoute },
    );
  });
  afterAll(() => server.stop());

  it("answers 401 Unknown site when the site key is missing", async () => {
    const response = await server.request("/api/client-config", { siteKey: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unknown site" });
  });

  it("answers 401 Unknown site for an unknown site key, and accepts every configured key", async () => {
    const unknown = await server.request("/api/client-config", { siteKey: "not-a-key" });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: "Unknown site" });
    expect((await server.request("/api/client-config", { siteKey: "second-test-key" })).status).toBe(200);
  });

  it("lets health and the OpenAPI document through without a site key", async () => {
    expect((await server.request("/api/health", { siteKey: null })).status).toBe(200);
    expect((await server.request("/api/openapi.json", { siteKey: null })).status).toBe(200);
  });

  it("answers 422 with English field errors from the shared schema", async () => {
    const response = await server.request(
      "/api/test-probe",
      json({ email: "nope", password: "short", city: " ", age: 17.5 }),
    );
    expect(response.status).toBe(422);
    const body = ZErrorResponseSchema.parse(await response.json());
    expect(body.message).toBe("The given data was invalid.");
    expect(body.errors).toEqual({
      email: ["Please fill in a valid email address"],
      password: ["The password field must be at least 8 characters"],
      city: ["Please fill in your city"],
      age: ["The age field must be an integer"],
    });
  });

  it("says which fields are required when they are missing", async () => {
    const response = await server.request("/api/test-probe", json({}));
    expect(response.status).toBe(422);
    const body = ZErrorResponseSchema.parse(await response.json());
    expect(body.errors?.password).toEqual(["The password field is required"]);
    expect(body.errors?.age).toEqual(["The age field is required"]);
    expect(body.errors?.city).toEqual(["Please fill in your city"]);
  });

  it("accepts a valid body", async () => {
    const response = await server.request(
      "/api/test-probe",
      json({ email: "someone@example.com", password: "long enough", city: "Perth", age: 30 }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { ok: true } });
  });

  it("answers 400 JSON for a malformed JSON body", async () => {
    const response = await server.request("/api/test-probe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("answers 413 JSON when the body is over the limit", async () => {
    const response = await server.request("/api/test-probe", json({ email: "x".repeat(4000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The request is too large." });
  });

  it("answers unknown API paths with 404 JSON, never the app's HTML", async () => {
    for (const siteKey of [undefined, null]) {
      const response = await server.request("/api/no-such-thing", siteKey === null ? { siteKey: null } : {});
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ message: "Not found." });
    }
    const post = await server.request("/api/no-such-thing", json({}));
    expect(post.status).toBe(404);
    const media = await server.request("/media/photos/missing.webp");
    expect(media.status).toBe(404);
  });

  it("puts the security headers on every response, API and pages alike", async () => {
    for (const pathname of ["/api/health", "/api/no-such-thing", "/"]) {
      const response = await server.request(pathname);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("allows CORS only for the configured origins", async () => {
    const allowed = await server.request("/api/client-config", { headers: { Origin: "http://localhost:5173" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const refused = await server.request("/api/client-config", { headers: { Origin: "https://evil.example" } });
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await server.request("/api/test-probe", {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-site-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-site-key");
  });
});

describe("throttling", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "3" });
  });
  afterAll(() => server.stop());

  it("answers 429 JSON with Retry-After once the per-IP limit is spent", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await server.request("/api/client-config")).status).toBe(200);
    }
    const throttled = await server.request("/api/client-config");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await throttled.json()).toEqual({ message: "Too many requests. Please slow down." });
  });
});

describe("maintenance mode", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MAINTENANCE: "1" });
  });
  afterAll(() => server.stop());

  it("answers 503 JSON marked as maintenance on the API while health and client-config stay open", async () => {
    const blocked = await server.request("/api/profiles");
    expect(blocked.status).toBe(503);
    expect(await blocked.json()).toEqual({ message: "Sorry! We Are Under Maintenance!", maintenance: true });

    const health = await server.request("/api/health");
    expect(health.status).toBe(200);
    expect((await health.json()).maintenance).toBe(true);

    const config = await server.request("/api/client-config");
    expect(config.status).toBe(200);
    expect((await config.json()).data.maintenance).toBe(true);
  });
});

describe("JSON bodies", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { beforeListen: addProbeRoute });
  });
  afterAll(() => server.stop());

  it("treats an empty body with a JSON content type as no body", async () => {
    const response = await server.request("/api/test-probe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.email).toEqual(["Please fill in a valid email address"]);
  });

  it("refuses prototype-poisoning keys as malformed", async () => {
    const response = await server.request("/api/test-probe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"__proto__": {"admin": true}}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body is not valid JSON." });
  });
});

import { ZClientConfigResponseSchema, ZHealthResponseSchema } from "@velvet/shared/api/system";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/support";

describe("system routes", () => {
  let server: TestServer;
  beforeAll(async () => {
    // A public address starts only with secrets of its own.
    server = await startTestServer({
      APP_URL: "https://www.velvet.example",
      CAPTCHA_SITE_KEY: "captcha-public",
      APP_SECRET: "s".repeat(40),
      PUSHER_SECRET: "p".repeat(20),
    });
  });
  afterAll(() => server.stop());

  it("reports the database, and Redis when configured", async () => {
    const response = await server.request("/api/health", { siteKey: null });
    expect(response.status).toBe(200);
    const health = ZHealthResponseSchema.parse(await response.json());
    expect(health.database).toBe("ok");
    expect(health.redis).toBe(process.env.REDIS_URL ? "ok" : "not_configured");
    expect(health.status).toBe("ok");
  });

  it("hands the browser the public client configuration and no secret", async () => {
    const response = await server.request("/api/client-config");
    const raw = await response.text();
    const { data } = ZClientConfigResponseSchema.parse(JSON.parse(raw));
    expect(data.realtime).toEqual({
      key: "velvet-key",
      wsHost: "www.velvet.example",
      wsPort: 443,
      forceTLS: true,
      cluster: "eu",
    });
    expect(data.captcha).toEqual({ siteKey: "captcha-public" });
    expect(data.botCheck).toEqual({ mode: "altcha", siteKey: "" });
    expect(data.maintenance).toBe(false);
    expect(data.siteUrl).toBe("https://www.velvet.example");
    expect(data.apiUrl).toBe("https://www.velvet.example/api");
    expect(raw).not.toContain(server.context.config.pusher.secret);
    expect(raw).not.toContain(server.context.config.appSecret);
  });

  it("lists every API route in the OpenAPI document", async () => {
    const response = await server.request("/api/openapi.json", { siteKey: null });
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    const apiRoutes = server.app.routeTable.filter((route) => route.url.startsWith("/api/") && route.method !== "HEAD");
    expect(apiRoutes.length).toBeGreaterThanOrEqual(3);
    for (const route of apiRoutes) {
      const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      expect(document.paths[openApiPath], `${route.method} ${route.url}`).toBeDefined();
      expect(document.paths[openApiPath]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });
});

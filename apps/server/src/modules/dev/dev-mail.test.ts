import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedMailbox } from "../../platform/mail/mailer";
import { startTestServer, type TestServer } from "../../test/support";

describe("/dev/mail", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: "development" });
  });
  afterAll(() => server.stop());

  it("lists captured mail and shows each message, escaped", async () => {
    // Where the jobs queue's mailer writes when SMTP_URL is unset.
    const { config } = server.context;
    await capturedMailbox(config.dataDir, config.mail.from).send({
      to: "someone@example.com",
      subject: "Confirm <your> email",
      html: "<p>Hello</p>",
      text: "Open http://localhost/confirm-email?token=abc",
    });
    const list = await server.request("/dev/mail");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("someone@example.com");
    expect(html).toContain("Confirm &#60;your&#62; email");
    const id = /href="\/dev\/mail\/([^"]+)"/.exec(html)?.[1];
    const message = await server.request(`/dev/mail/${id}.json`);
    expect(await message.json()).toMatchObject({
      to: "someone@example.com",
      text: "Open http://localhost/confirm-email?token=abc",
    });
    expect((await server.request(`/dev/mail/${id}`)).status).toBe(200);
    expect((await server.request("/dev/mail/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});

describe("/dev/mail outside development", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Production rules, but kept on this test's own isolated database.
    const databaseUrl = process.env.DATABASE_URL;
    server = await startTestServer(
      {
        NODE_ENV: "production",
        APP_URL: "https://velvet.example",
        ALLOWED_ORIGINS: "https://velvet.example",
        TRUST_PROXY: "1",
        APP_SECRET: "x".repeat(40),
        PUSHER_SECRET: "y".repeat(20),
        SITE_KEYS: "test-site-key",
        // Production demands DATABASE_URL; with none, satisfy the check and use the embedded database.
        ...(databaseUrl ? {} : { DATABASE_URL: "postgres://placeholder.invalid/velvet" }),
        SMTP_URL: "smtp://127.0.0.1:9",
      },
      { adjustConfig: (config) => ({ ...config, databaseUrl: databaseUrl ? config.databaseUrl : undefined }) },
    );
  });
  afterAll(() => server.stop());

  it("does not exist in production", async () => {
    const response = await server.request("/dev/mail");
    expect(response.status).toBe(404);
  });
});

describe("development features on a public APP_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Not production, but not a developer's machine either: a staging site someone forgot to lock down (with
    // secrets of its own: a public address refuses the repository's).
    server = await startTestServer({
      NODE_ENV: "development",
      APP_URL: "https://staging.velvet.example",
      APP_SECRET: "s".repeat(40),
      PUSHER_SECRET: "p".repeat(20),
    });
  });
  afterAll(() => server.stop());

  it("has no captured mail and no test payment gateway", async () => {
    expect((await server.request("/dev/mail")).status).toBe(404);
    // The gateway's own page answers an unknown session with HTML; without the gateway nothing is there.
    const checkout = await server.request("/test-gateway/checkout?session=x");
    expect(checkout.status).toBe(404);
    expect(await checkout.json()).toEqual({ message: "Not found." });
    expect(server.context.config.seedDemoData).toBe(false);
  });
});

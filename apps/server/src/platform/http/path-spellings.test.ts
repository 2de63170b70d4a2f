import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, signedInMember } from "../../test/factories";
import { type RawResponse, rawRequest } from "../../test/raw-http";
import { startTestServer, TEST_SITE_KEY, type TestServer } from "../../test/support";

/** The ways of writing an API path that the router reads as the same route, or nearly. */
function spellingsOf(path: string, baseUrl: string): string[] {
  const rest = path.slice("/api/".length);
  return [
    `/%61pi/${rest}`,
    `/api/%2e%2e/api/${rest}`,
    `//api/${rest}`,
    `/api/${rest}/`,
    `/API/${rest}`,
    `/api/./${rest}`,
    // The absolute form of the request line: the router takes its path, request.url keeps the whole URL.
    `${baseUrl}/api/${rest}`,
  ];
}

/** Each spelling answers exactly as the plain path, or finds no route at all: never gets past the guard. */
async function expectNoWayAround(
  server: TestServer,
  path: string,
  send: (target: string) => Promise<RawResponse>,
  guardStatus: number,
) {
  const plain = await send(path);
  expect(plain.status, `plain ${path}`).toBe(guardStatus);
  for (const target of spellingsOf(path, server.url)) {
    const spelled = await send(target);
    if (spelled.status === 404) {
      expect(JSON.parse(spelled.body), target).toEqual({ message: "Not found." });
      continue;
    }
    expect({ target, status: spelled.status, body: spelled.body }).toEqual({
      target,
      status: plain.status,
      body: plain.body,
    });
  }
}

const json = { "Content-Type": "application/json" };

describe("a path spelled differently", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1" });
  });
  afterAll(() => server.stop());

  it("still needs the site key", async () => {
    const member = await createMember(server);
    const body = JSON.stringify({ email: member.email, password: member.password });
    await expectNoWayAround(
      server,
      "/api/login",
      (target) => rawRequest(server.url, "POST", target, { headers: json, body }),
      401,
    );
  });

  it("still needs a signed-in member, and answers a signed-in one the same", async () => {
    const send = (target: string, headers: Record<string, string> = {}) =>
      rawRequest(server.url, "POST", target, { headers: { "X-Site-Key": TEST_SITE_KEY, ...headers } });
    await expectNoWayAround(server, "/api/me", (target) => send(target), 401);
    const member = await signedInMember(server);
    await expectNoWayAround(server, "/api/me", (target) => send(target, member.auth), 200);
  });

  it("still counts against the route's own limit", async () => {
    const headers = { ...json, "X-Site-Key": TEST_SITE_KEY, "X-Forwarded-For": "203.0.113.77" };
    const send = (target: string) => rawRequest(server.url, "POST", target, { headers, body: "{}" });
    // The report route allows 10 an hour per address; each of these is refused on validation but counted.
    for (let attempt = 0; attempt < 10; attempt++) expect((await send("/api/reports")).status).toBe(422);
    await expectNoWayAround(server, "/api/reports", send, 429);
  });

  it("refuses form-encoded bodies on routes no form posts to, however the path is written", async () => {
    const member = await createMember(server);
    const form = `email=${encodeURIComponent(member.email ?? "")}&password=${encodeURIComponent(member.password)}`;
    for (const target of ["/api/login", "/%61pi/login", "/api/password/email", "/api/register"]) {
      const response = await rawRequest(server.url, "POST", target, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Site-Key": TEST_SITE_KEY },
        body: form,
      });
      expect(response.status, target).toBe(415);
      expect(JSON.parse(response.body)).toEqual({ message: "This content type is not supported." });
    }
  });
});

describe("a path spelled differently during maintenance", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MAINTENANCE: "1" });
  });
  afterAll(() => server.stop());

  it("still answers 503", async () => {
    const body = JSON.stringify({ email: "someone@example.com", password: "whatever-password" });
    const headers = { ...json, "X-Site-Key": TEST_SITE_KEY };
    await expectNoWayAround(
      server,
      "/api/login",
      (target) => rawRequest(server.url, "POST", target, { headers, body }),
      503,
    );
  });
});

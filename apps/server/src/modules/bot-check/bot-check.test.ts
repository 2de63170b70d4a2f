import type { TAltchaChallenge } from "@velvet/shared/api/bot-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fetchAltchaChallenge, solveAltchaChallenge, withBotCheck } from "../../test/bot-check";
import { jsonRequest, registrationBody, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

const REQUIRED = "Please complete the verification.";

/** The four routes a script could flood without an account, each with a body valid in every other way. */
const guardedRoutes = [
  { path: "/api/register", body: () => registrationBody(), accepted: 201 },
  { path: "/api/password/email", body: () => ({ email: "someone@example.com" }), accepted: 200 },
  {
    path: "/api/support-tickets",
    body: () => ({
      email: "guest@example.com",
      subject: "Cannot sign in",
      category: "account",
      message: "The sign-in form keeps saying my password is wrong.",
    }),
    accepted: 201,
  },
  {
    path: "/api/reports",
    body: () => ({ reason: "spam_or_scam", details: "Sends links", email: "guest@example.com" }),
    accepted: 201,
  },
];

async function expectVerificationRequired(response: Response) {
  expect(response.status).toBe(422);
  const body = await response.json();
  expect(body.errors.altcha).toEqual([REQUIRED]);
}

describe("bot check (ALTCHA)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REGISTER_RATE_LIMIT: "1000", API_RATE_LIMIT: "100000" });
  });
  afterAll(() => server.stop());
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    server.request(path, jsonRequest("POST", body, headers));

  it("hands out a signed v2 challenge, valid 10 minutes and never cached, only with the site key", async () => {
    expect((await server.request("/api/bot-check/challenge", { siteKey: null })).status).toBe(401);
    const response = await server.request("/api/bot-check/challenge");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = (await response.json()) as TAltchaChallenge;
    expect(Object.keys(challenge).sort()).toEqual(["parameters", "signature"]);
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", keyLength: 32 });
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const secondsLeft = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(590);
    expect(secondsLeft).toBeLessThanOrEqual(600);
    // A fresh one each time, so no two visitors share a solution.
    const other = await fetchAltchaChallenge(server);
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it("refuses each guarded route without a solution, on the altcha field, and accepts a solved one", async () => {
    for (const route of guardedRoutes) {
      await expectVerificationRequired(await post(route.path, route.body()));
      await expectVerificationRequired(await post(route.path, { ...route.body(), altcha: "not-a-payload" }));
      const solved = await post(route.path, await withBotCheck(server, route.body()));
      expect(solved.status, route.path).toBe(route.accepted);
    }
  });

  it("lets a signed-in member report without one, but asks it of every support ticket", async () => {
    const member = await signedInMember(server);
    expect((await post("/api/reports", { reason: "other" }, member.auth)).status).toBe(201);
    const ticket = guardedRoutes.find((route) => route.path === "/api/support-tickets")?.body() ?? {};
    await expectVerificationRequired(await post("/api/support-tickets", ticket, member.auth));
    expect((await post("/api/support-tickets", await withBotCheck(server, ticket), member.auth)).status).toBe(201);
  });

  it("gives a solution back when its request failed on our side (503), so the same body may be sent again", async () => {
    const body = await withBotCheck(server, registrationBody());
    const { db } = server.context.database;
    const outage = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const select = vi.spyOn(db, "select").mockImplementationOnce(() => {
      throw outage;
    });
    try {
      expect((await post("/api/register", body)).status).toBe(503);
    } finally {
      select.mockRestore();
    }
    expect((await post("/api/register", body)).status).toBe(201);
    await expectVerificationRequired(await post("/api/register", { ...body, email: "another@example.com" }));
  });

  it("accepts a solution once: a replay gets 422, on the same route or another", async () => {
    const solved = await withBotCheck(server, { email: "replay@example.com" });
    expect((await post("/api/password/email", solved)).status).toBe(200);
    await expectVerificationRequired(await post("/api/password/email", solved));
    await expectVerificationRequired(await post("/api/register", { ...registrationBody(), altcha: solved.altcha }));
  });

  it("accepts one of two parallel requests carrying the same solution", async () => {
    const solved = await withBotCheck(server, { email: "race@example.com" });
    const statuses = await Promise.all([1, 2, 3].map(() => post("/api/password/email", solved).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 422, 422]);
  });

  it("refuses a solution whose challenge expired (10 minutes)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const solved = await withBotCheck(server, { email: "late@example.com" });
    vi.setSystemTime(Date.now() + 601_000);
    await expectVerificationRequired(await post("/api/password/email", solved));
  });

  it("refuses a tampered signature, tampered parameters and a wrong solution", async () => {
    const challenge = await fetchAltchaChallenge(server);
    const payload = await solveAltchaChallenge(challenge);
    const decoded = JSON.parse(Buffer.from(payload, "base64").toString()) as {
      challenge: TAltchaChallenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    const flip = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith("0") ? "1" : "0"}`;
    const tampered = [
      { ...decoded, challenge: { ...decoded.challenge, signature: flip(decoded.challenge.signature) } },
      {
        ...decoded,
        challenge: {
          ...decoded.challenge,
          parameters: { ...decoded.challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) + 86_400 },
        },
      },
      { ...decoded, solution: { ...decoded.solution, derivedKey: flip(decoded.solution.derivedKey) } },
      { ...decoded, challenge: { parameters: decoded.challenge.parameters } },
      { challenge: null, solution: null, test: true },
    ];
    for (const body of tampered) {
      await expectVerificationRequired(
        await post("/api/password/email", { email: "x@example.com", altcha: encode(body) }),
      );
    }
    // The untouched payload still works: the refusals above did not spend it.
    expect((await post("/api/password/email", { email: "x@example.com", altcha: payload })).status).toBe(200);
  });

  it("refuses a solution of a challenge signed with another APP_SECRET", async () => {
    const elsewhere = await startTestServer({ APP_SECRET: "another-site-secret-of-enough-length-42" });
    try {
      const foreign = await withBotCheck(elsewhere, { email: "foreign@example.com" });
      await expectVerificationRequired(await post("/api/password/email", foreign));
    } finally {
      await elsewhere.stop();
    }
  });
});

describe("bot check turned off (BOT_CHECK=off)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BOT_CHECK: "off" });
  });
  afterAll(() => server.stop());

  it("accepts every guarded route without the field, and has no challenge to hand out", async () => {
    for (const route of guardedRoutes) {
      expect((await server.request(route.path, jsonRequest("POST", route.body()))).status).toBe(route.accepted);
    }
    expect((await server.request("/api/bot-check/challenge")).status).toBe(404);
    const config = await (await server.request("/api/client-config")).json();
    expect(config.data.botCheck.mode).toBe("off");
  });
});

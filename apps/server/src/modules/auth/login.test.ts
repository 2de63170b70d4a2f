import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_PASSWORD_HASH_VARIABLE } from "../../platform/config";
import { users } from "../../platform/db/schema/members";
import { createMember, jsonRequest, reloadUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { PASSWORD_HASH_OPTIONS } from "./passwords";

/** Counts every password verification (real or the unknown-address stand-in) the server performs. */
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock("./passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("./passwords")>();
  return {
    ...original,
    verifyPassword: (storedHash: string, password: string) => {
      verifications.count += 1;
      return original.verifyPassword(storedHash, password);
    },
  };
});

/**
 * The cost parameters of every argon2 hash the server verifies, as the hash states them ("m=19456,t=2,p=1"): what the
 * timing test measures, counted instead of timed.
 */
const argon2Verified = vi.hoisted(() => [] as string[]);
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const original = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2Verified.push(/^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(String(args[0]))?.[1] ?? "not argon2id");
      return original.verify(...args);
    },
  };
});

const failedBody = {
  message: "These credentials do not match our records.",
  errors: { email: ["These credentials do not match our records."] },
};

describe("sign-in", () => {
  let server: TestServer;
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    server.request("/api/login", jsonRequest("POST", { email, password }, headers));

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1" });
  });
  afterAll(() => server.stop());
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answers 200 with a bearer token and sets the refresh cookie", async () => {
    const member = await createMember(server);
    const response = await login(member.email ?? "", member.password, { "X-Forwarded-For": "198.51.100.1" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toMatchObject({ token_type: "bearer", expires_in: 900 });
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("velvet_refresh="))).toBe(true);
  });

  it("accepts the email in any case", async () => {
    const member = await createMember(server);
    const response = await login((member.email ?? "").toUpperCase(), member.password, {
      "X-Forwarded-For": "198.51.100.2",
    });
    expect(response.status).toBe(200);
  });

  it("answers an unknown email and a wrong password identically, in about the same time", async () => {
    // At the real argon2 cost: at the suite's minimum one both answers are too quick for timing to mean anything.
    vi.stubEnv(TEST_PASSWORD_HASH_VARIABLE, "");
    // One of each first, uncounted: the first unknown address also makes the stand-in hash (a hash and a verify).
    await login("nobody-warm-up@example.com", "whatever-password", { "X-Forwarded-For": "198.51.100.9" });
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3] ?? 0;
    /** Seven interleaved pairs (a member of its own, so the account's failure limit is never reached), as a ratio of medians. */
    const measure = async (round: number) => {
      const member = await createMember(server);
      const ip = (last: number) => `198.51.${100 + round}.${last}`;
      await login(member.email ?? "", "wrong-password-warm-up", { "X-Forwarded-For": ip(19) });
      const timings = { unknown: [] as number[], wrong: [] as number[] };
      for (let attempt = 0; attempt < 7; attempt++) {
        let started = performance.now();
        const unknown = await login(`nobody-${round}-${attempt}@example.com`, "whatever-password", {
          "X-Forwarded-For": ip(10 + attempt),
        });
        timings.unknown.push(performance.now() - started);
        started = performance.now();
        const wrong = await login(member.email ?? "", `wrong-password-${attempt}`, {
          "X-Forwarded-For": ip(20 + attempt),
        });
        timings.wrong.push(performance.now() - started);
        expect(unknown.status).toBe(422);
        expect(wrong.status).toBe(422);
        expect(await unknown.json()).toEqual(failedBody);
        expect(await wrong.json()).toEqual(failedBody);
      }
      return { ratio: median(timings.unknown) / median(timings.wrong), timings };
    };
    // Quiet, the ratio is about 0.95. On a CI machine whose two cores also run Chromium, single requests of this
    // ~100 ms check took 35 to 900 ms and one measurement gave 0.42; so up to three measurements, and the check
    // fails only if none is in range. The flaw this guards against (no stand-in verification for an unknown
    // address) measured 0.41, 0.21 and 0.22 in its three rounds when tried: below 0.5 every time.
    const measured: string[] = [];
    let ratio = 0;
    for (let round = 0; round < 3; round++) {
      const result = await measure(round);
      ratio = result.ratio;
      measured.push(`ratio ${ratio.toFixed(3)} of ${JSON.stringify(result.timings)}`);
      if (ratio > 0.5 && ratio < 2) break;
    }
    expect(ratio, measured.join("; ")).toBeGreaterThan(0.5);
    expect(ratio, measured.join("; ")).toBeLessThan(2);
  });

  it("verifies one argon2 hash at the real cost for an unknown email, as for a wrong password", async () => {
    // The timing test's companion, by count: it holds on a loaded machine, where timings swing.
    vi.stubEnv(TEST_PASSWORD_HASH_VARIABLE, "");
    const member = await createMember(server);
    const realCost = `m=${PASSWORD_HASH_OPTIONS.memoryCost},t=${PASSWORD_HASH_OPTIONS.timeCost},p=${PASSWORD_HASH_OPTIONS.parallelism}`;
    for (const [email, address] of [
      ["nobody-counted@example.com", "198.51.110.1"],
      [member.email ?? "", "198.51.110.2"],
    ] as const) {
      argon2Verified.length = 0;
      const answer = await login(email, "not-the-password", { "X-Forwarded-For": address });
      expect(answer.status).toBe(422);
      expect(argon2Verified, email).toEqual([realCost]);
    }
  });

  it("throttles the 6th failure in a minute for one email and IP, with the exact message and Retry-After", async () => {
    const member = await createMember(server);
    const headers = { "X-Forwarded-For": "203.0.113.50" };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(member.email ?? "", "wrong-password", headers)).status).toBe(422);
    }
    const sixth = await login(member.email ?? "", member.password, headers);
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await sixth.json()).toEqual({
      message: `Too many login attempts. Please try again in ${retryAfter} seconds.`,
    });
    // Another IP is not affected by this pair's counter.
    expect((await login(member.email ?? "", member.password, { "X-Forwarded-For": "203.0.113.51" })).status).toBe(200);
  });

  it("clears the counter on success", async () => {
    const member = await createMember(server);
    const headers = { "X-Forwarded-For": "203.0.113.60" };
    for (let attempt = 0; attempt < 4; attempt++) await login(member.email ?? "", "wrong-password", headers);
    expect((await login(member.email ?? "", member.password, headers)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await login(member.email ?? "", "wrong-password", headers)).status).toBe(422);
    }
    expect((await login(member.email ?? "", member.password, headers)).status).toBe(200);
  });

  it("stops many IPs guessing one account", async () => {
    const member = await createMember(server);
    for (let attempt = 0; attempt < 20; attempt++) {
      await login(member.email ?? "", "wrong-password", { "X-Forwarded-For": `192.0.2.${attempt + 1}` });
    }
    const fromNewIp = await login(member.email ?? "", member.password, { "X-Forwarded-For": "192.0.2.200" });
    expect(fromNewIp.status).toBe(429);
    expect((await fromNewIp.json()).message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
  });

  it("lets at most 5 of 20 parallel wrong guesses for one address reach the password check", async () => {
    const member = await createMember(server);
    const headers = { "X-Forwarded-For": "203.0.113.70" };
    const before = verifications.count;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => login(member.email ?? "", `wrong-password-${attempt}`, headers)),
    );
    expect(verifications.count - before).toBeLessThanOrEqual(5);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    for (const answer of answers.filter((candidate) => candidate.status === 429)) {
      const retryAfter = Number(answer.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(await answer.json()).toEqual({
        message: `Too many login attempts. Please try again in ${retryAfter} seconds.`,
      });
    }
  });

  it("answers 429 to one IP after 30 failed sign-ins across any addresses", async () => {
    const member = await createMember(server);
    const headers = { "X-Forwarded-For": "203.0.113.80" };
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await login(`stuffed-${attempt}@example.com`, "leaked-password", headers)).status).toBe(422);
    }
    const before = verifications.count;
    const next = await login(member.email ?? "", member.password, headers);
    expect(next.status).toBe(429);
    expect(Number(next.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await next.json()).message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(verifications.count).toBe(before);
    // The address itself is not locked: the same member signs in from elsewhere.
    expect((await login(member.email ?? "", member.password, { "X-Forwarded-For": "203.0.113.81" })).status).toBe(200);
  });

  it("does not count successful sign-ins towards the per-IP failure limit", async () => {
    const member = await createMember(server);
    const headers = { "X-Forwarded-For": "203.0.113.90" };
    for (let attempt = 0; attempt < 31; attempt++) {
      expect((await login(member.email ?? "", member.password, headers)).status).toBe(200);
    }
  });

  it("upgrades a hash made with older parameters at the next sign-in", async () => {
    vi.stubEnv(TEST_PASSWORD_HASH_VARIABLE, "");
    const member = await createMember(server);
    const weak = await hash(member.password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await server.context.database.db.update(users).set({ passwordHash: weak }).where(eq(users.id, member.id));
    expect((await login(member.email ?? "", member.password, { "X-Forwarded-For": "198.51.100.99" })).status).toBe(200);
    expect((await reloadUser(server, member.id))?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("never signs in as a fictional profile", async () => {
    const member = await createMember(server);
    await server.context.database.db.update(users).set({ isFictional: true }).where(eq(users.id, member.id));
    expect((await login(member.email ?? "", member.password, { "X-Forwarded-For": "198.51.100.98" })).status).toBe(422);
  });

  it("keeps passwords and tokens out of the logs", async () => {
    const member = await createMember(server);
    const response = await login(member.email ?? "", member.password, { "X-Forwarded-For": "198.51.100.97" });
    const { data } = await response.json();
    const logs = server.logs.join("");
    expect(logs).not.toContain(member.password);
    expect(logs).not.toContain(data.access_token);
  });
});

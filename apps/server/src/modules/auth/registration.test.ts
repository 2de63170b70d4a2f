import { latestBirthdateForAge, todayInTimezone } from "@velvet/shared/validation/age";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_PASSWORD_HASH_VARIABLE } from "../../platform/config";
import { users } from "../../platform/db/schema/members";
import { withBotCheck } from "../../test/bot-check";
import { jsonRequest, registrationBody, waitForMail } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { loadCommonPasswords } from "./passwords";

const TIMEZONE = "Australia/Sydney";

function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe("registration", () => {
  let server: TestServer;
  const register = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.request("/api/register", jsonRequest("POST", await withBotCheck(server, body), headers));
  const userCount = async () =>
    (await server.context.database.db.select({ total: count() }).from(users))[0]?.total ?? 0;

  beforeAll(async () => {
    server = await startTestServer({ SITE_TIMEZONE: TIMEZONE, REGISTER_RATE_LIMIT: "1000" });
  });
  afterAll(() => server.stop());

  it("creates the member, signs them in, sets the refresh cookie and mails the verification link", async () => {
    const body = registrationBody();
    const response = await register(body, { "Device-ID": "device-abc" });
    expect(response.status).toBe(201);
    const json = (await response.json()) as { data: { access_token: string; token_type: string; expires_in: number } };
    expect(json.data.token_type).toBe("bearer");
    expect(json.data.expires_in).toBeLessThanOrEqual(900);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("velvet_refresh="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api/);

    const me = await server.request("/api/me", {
      method: "POST",
      headers: { Authorization: `Bearer ${json.data.access_token}` },
    });
    expect((await me.json()).data).toMatchObject({
      username: body.username,
      email: body.email,
      email_verified: false,
      scope: ["member"],
    });

    const mail = await waitForMail(server, body.email);
    expect(mail.subject).toContain("Confirm your email");
    expect(mail.text).toMatch(new RegExp(`^${server.context.config.appUrl}/confirm-email\\?token=`, "m"));
  });

  it("stores the terms version and time, the campaign and the Device-ID", async () => {
    const body = registrationBody({
      campaign: { s1: "fb", s2: "spring", gclid: "g-123", tracking_id: "t9", landing: 3 },
    });
    expect((await register(body, { "Device-ID": "device-xyz" })).status).toBe(201);
    const [row] = await server.context.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.termsVersion).toBeTruthy();
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row?.campaign).toEqual({ s1: "fb", s2: "spring", gclid: "g-123", tracking_id: "t9", landing: 3 });
    expect(row?.deviceId).toBe("device-xyz");
  });

  it("lets someone who turns 18 today register, by the site's calendar", async () => {
    const eighteenToday = latestBirthdateForAge(18, todayInTimezone(TIMEZONE));
    expect((await register(registrationBody({ birthdate: eighteenToday }))).status).toBe(201);
  });

  it("refuses someone a day short of 18 and creates nothing", async () => {
    const before = await userCount();
    const dayShort = dayAfter(latestBirthdateForAge(18, todayInTimezone(TIMEZONE)));
    const response = await register(registrationBody({ birthdate: dayShort }));
    expect(response.status).toBe(422);
    expect((await response.json()).errors.birthdate).toEqual(["You must be at least 18 years old."]);
    expect(await userCount()).toBe(before);
  });

  it("refuses a birthdate more than 100 years ago", async () => {
    const response = await register(registrationBody({ birthdate: "1900-01-01" }));
    expect(response.status).toBe(422);
    expect((await response.json()).errors.birthdate).toEqual(["Please enter a valid date of birth."]);
  });

  it("refuses a taken username or email regardless of case", async () => {
    const first = registrationBody();
    expect((await register(first)).status).toBe(201);
    const again = registrationBody({ username: first.username.toUpperCase(), email: first.email.toUpperCase() });
    const response = await register(again);
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors.username).toEqual(["The username has already been taken."]);
    expect(errors.email).toEqual(["The email has already been taken."]);
  });

  it("words each field rule in English", async () => {
    const response = await register({
      username: "ab",
      email: "not-an-email",
      password: "short",
      password_confirmation: "different",
      birthdate: "2000-02-30",
      gender: "other",
      seeking: "everyone",
      city: "  ",
      terms: false,
    });
    expect(response.status).toBe(422);
    const { errors } = await response.json();
    expect(errors).toMatchObject({
      username: ["The username field must be at least 3 characters"],
      email: ["Please fill in a valid email address"],
      password: ["The password field must be at least 8 characters"],
      birthdate: ["Please enter a valid date of birth."],
      gender: ["The gender field must be a valid value"],
      city: ["Please fill in your city"],
      terms: ["You must accept the terms of use."],
    });
  });

  it("refuses usernames with other characters and over-long email parts", async () => {
    const response = await register(
      registrationBody({ username: "bad name!", email: `${"a".repeat(65)}@example.com` }),
    );
    const { errors } = await response.json();
    expect(errors.username).toEqual(["The username may only contain letters, numbers, dashes and underscores."]);
    expect(errors.email).toEqual(["Please fill in a valid email address"]);
  });

  it("requires the confirmation to match, and refuses common passwords", async () => {
    const mismatch = await register(registrationBody({ password_confirmation: "something-else-1" }));
    expect((await mismatch.json()).errors.password_confirmation).toEqual(["The password confirmation does not match."]);
    const common = await register(registrationBody({ password: "password1", password_confirmation: "password1" }));
    expect((await common.json()).errors.password).toEqual(["This password is too common. Please choose another one."]);
    expect((await loadCommonPasswords()).size).toBeGreaterThanOrEqual(10_000);
  });

  it("stores an argon2id hash with at least 19 MiB and 2 iterations", async () => {
    // The suite hashes at argon2's minimum cost (vitest.config.ts); this checks what a real server stores.
    vi.stubEnv(TEST_PASSWORD_HASH_VARIABLE, "");
    const body = registrationBody();
    await register(body);
    const [row] = await server.context.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(sql`lower(${users.email})`, body.email));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    vi.unstubAllEnvs();
  });
});

describe("registration rate limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REGISTER_RATE_LIMIT: "2" });
  });
  afterAll(() => server.stop());

  it("counts every attempt per IP, valid or not, and answers 429 past the limit", async () => {
    expect((await server.request("/api/register", jsonRequest("POST", {}))).status).toBe(422);
    const register = async () =>
      server.request("/api/register", jsonRequest("POST", await withBotCheck(server, registrationBody())));
    expect((await register()).status).toBe(201);
    const blocked = await register();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

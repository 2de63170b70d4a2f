import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailTokens } from "../../platform/db/schema/auth";
import { withBotCheck } from "../../test/bot-check";
import {
  createMember,
  jsonRequest,
  mailsTo,
  registerThroughApi,
  reloadUser,
  signIn,
  tokenFromLink,
  waitForJobsToSettle,
  waitForMail,
} from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { createEmailToken } from "./email-tokens";

/** Counts every password hash the server makes. */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("./passwords", async (importOriginal) => {
  const original = await importOriginal<typeof import("./passwords")>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashes.count += 1;
      return original.hashPassword(password);
    },
  };
});

describe("email verification", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function registerAndReadToken() {
    const { body, response } = await registerThroughApi(server);
    const { data } = await response.json();
    const mail = await waitForMail(server, body.email);
    return {
      body,
      authorization: { Authorization: `Bearer ${data.access_token}` },
      token: tokenFromLink(mail.text, "/confirm-email"),
    };
  }

  it("verifies once, sends 'account activated', and a second use is harmless", async () => {
    const { body, authorization, token } = await registerAndReadToken();
    const first = await server.request("/api/email/verify", jsonRequest("POST", { token }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: "Your email address has been verified." });
    await waitForMail(server, body.email, { subject: /account is active/ });
    const me = await (await server.request("/api/me", { method: "POST", headers: authorization })).json();
    expect(me.data.email_verified).toBe(true);

    const again = await server.request("/api/email/verify", jsonRequest("POST", { token }));
    expect(again.status).toBe(200);
  });

  it("refuses an unknown or expired link", async () => {
    const { token } = await registerAndReadToken();
    await server.context.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.purpose, "verify_email"));
    const expired = await server.request("/api/email/verify", jsonRequest("POST", { token }));
    expect(expired.status).toBe(422);
    expect((await expired.json()).errors.token).toEqual(["This verification link is invalid or has expired."]);
    expect((await server.request("/api/email/verify", jsonRequest("POST", { token: "made-up" }))).status).toBe(422);
  });

  it("resends at most 3 times an hour, then answers 429 with the wait in Retry-After", async () => {
    const { authorization } = await registerAndReadToken();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await server.request("/api/email/resend", { method: "POST", headers: authorization })).status).toBe(200);
    }
    const fourth = await server.request("/api/email/resend", { method: "POST", headers: authorization });
    expect(fourth.status).toBe(429);
    const wait = Number(fourth.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(60 * 59);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });
});

describe("password reset", () => {
  let server: TestServer;
  beforeAll(async () => {
    // A local APP_URL other than the server's own address: /dev/mail (a development feature) stays open.
    server = await startTestServer({ APP_URL: "http://127.0.0.1:4999" });
  });
  afterAll(() => server.stop());

  const ask = async (email: string, headers: Record<string, string> = {}) =>
    server.request("/api/password/email", jsonRequest("POST", await withBotCheck(server, { email }), headers));
  const reset = (body: Record<string, unknown>) => server.request("/api/password/reset", jsonRequest("POST", body));

  it("answers the same whether or not the address has an account", async () => {
    const member = await createMember(server);
    const known = await ask(member.email ?? "");
    const unknown = await ask("nobody-here@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: "We have e-mailed your password reset link!" });
    expect(await unknown.json()).toEqual({ message: "We have e-mailed your password reset link!" });
    await waitForJobsToSettle(server);
    expect(await mailsTo(server, "nobody-here@example.com")).toEqual([]);
  });

  it("builds the link from APP_URL, never from the Host header, and sends at most one a minute", async () => {
    const member = await createMember(server);
    await ask(member.email ?? "", { "X-Forwarded-Host": "evil.example", Host: "evil.example" });
    const mail = await waitForMail(server, member.email ?? "");
    expect(mail.text).toContain("http://127.0.0.1:4999/reset-password?token=");
    expect(mail.text).not.toContain("evil.example");
    await ask(member.email ?? "");
    await waitForJobsToSettle(server);
    expect(await mailsTo(server, member.email ?? "")).toHaveLength(1);
  });

  it("resets once with a valid link, signs out every session, and does not sign in", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    await ask(member.email ?? "");
    const token = tokenFromLink((await waitForMail(server, member.email ?? "")).text, "/reset-password");
    const body = {
      token,
      email: member.email,
      password: "new-secret-phrase-9",
      password_confirmation: "new-secret-phrase-9",
    };

    const done = await reset(body);
    expect(done.status).toBe(200);
    const json = await done.json();
    expect(json).toEqual({ message: "Your password has been reset!" });
    expect(done.headers.getSetCookie()).toEqual([]);
    expect((await server.request("/api/me", { method: "POST", headers: session.authorization })).status).toBe(401);
    await signIn(server, member.email ?? "", "new-secret-phrase-9");

    const reused = await reset(body);
    expect(reused.status).toBe(422);
    expect((await reused.json()).errors.email).toEqual(["This password reset token is invalid."]);
  });

  it("refuses an expired link or one for another address", async () => {
    const member = await createMember(server);
    const other = await createMember(server);
    await ask(member.email ?? "");
    const token = tokenFromLink((await waitForMail(server, member.email ?? "")).text, "/reset-password");
    const wrongEmail = await reset({
      token,
      email: other.email,
      password: "another-phrase-11",
      password_confirmation: "another-phrase-11",
    });
    expect(wrongEmail.status).toBe(422);
    await server.context.database.db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.userId, member.id));
    const expired = await reset({
      token,
      email: member.email,
      password: "another-phrase-11",
      password_confirmation: "another-phrase-11",
    });
    expect(expired.status).toBe(422);
    expect((await expired.json()).errors.email).toEqual(["This password reset token is invalid."]);
    expect((await reloadUser(server, other.id))?.passwordHash).toBe(other.passwordHash);
  });

  it("checks the token before hashing anything: a bad, used, expired or mismatched link never runs the hash", async () => {
    const member = await createMember(server);
    const other = await createMember(server);
    const { db } = server.context.database;
    const used = await createEmailToken(db, member.id, "reset_password", member.email ?? "");
    await db.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.userId, member.id));
    const expired = await createEmailToken(db, other.id, "reset_password", other.email ?? "");
    await db
      .update(emailTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailTokens.userId, other.id));
    const live = await createEmailToken(db, member.id, "reset_password", member.email ?? "");
    const password = { password: "unguessable-phrase-42", password_confirmation: "unguessable-phrase-42" };
    const before = hashes.count;
    for (const body of [
      { token: "made-up-token", email: member.email },
      { token: used, email: member.email },
      { token: expired, email: other.email },
      { token: live, email: other.email },
    ]) {
      const answer = await reset({ ...body, ...password });
      expect(answer.status).toBe(422);
      expect((await answer.json()).errors.email).toEqual(["This password reset token is invalid."]);
    }
    expect(hashes.count).toBe(before);
    expect((await reset({ token: live, email: member.email, ...password })).status).toBe(200);
    expect(hashes.count).toBe(before + 1);
  });
});

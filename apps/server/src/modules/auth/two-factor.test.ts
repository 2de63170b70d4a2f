import { twoFactorMessages } from "@velvet/shared/api/two-factor";
import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactorCredentials, twoFactorRecoveryCodes } from "../../platform/db/schema/auth";
import { createMember, jsonRequest, signIn } from "../../test/factories";
import { signedInStaff } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { CHALLENGE_ATTEMPTS, CODE_ATTEMPTS_PER_WINDOW, RECOVERY_CODE_COUNT } from "./two-factor";

/** Optional two-factor sign-in with an authenticator app. */
describe("two-factor sign-in", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "100000" });
  });
  afterAll(() => server.stop());

  /** The code the member's app shows `stepsAhead` 30-second steps from now. */
  const codeFor = (secret: string, stepsAhead = 0) =>
    generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    server.request(path, jsonRequest("POST", body, headers));

  /** A member who scanned the QR code and turned it on; their secret and recovery codes. */
  async function memberWithTwoFactor() {
    const member = await createMember(server);
    const { authorization } = await signIn(server, member.email ?? "", member.password);
    const setup = await post("/api/account/two-factor/setup", { password: member.password }, authorization);
    expect(setup.status).toBe(200);
    const { data } = (await setup.json()) as { data: { secret: string; otpauth_url: string; qr_code: string } };
    const enabled = await post(
      "/api/account/two-factor/enable",
      { password: member.password, code: codeFor(data.secret) },
      authorization,
    );
    expect(enabled.status).toBe(200);
    const { data: codes } = (await enabled.json()) as { data: { recovery_codes: string[] } };
    return { member, authorization, setup: data, recoveryCodes: codes.recovery_codes };
  }
  const logIn = async (member: { email: string | null; password: string }) => {
    const response = await post("/api/login", { email: member.email, password: member.password });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: Record<string, unknown> };
  };

  it("keeps the sign-in answer unchanged for a member without it", async () => {
    const member = await createMember(server);
    const body = await logIn(member);
    expect(Object.keys(body.data).sort()).toEqual(["access_token", "expires_in", "token_type"]);
  });

  it("sets up with a QR code, turns on with a code, and shows ten recovery codes once, stored hashed", async () => {
    const { member, authorization, setup, recoveryCodes } = await memberWithTwoFactor();
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);

    const { db } = server.context.database;
    const [credential] = await db.select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, member.id));
    expect(credential?.secretCiphertext).not.toContain(setup.secret);
    const stored = await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, member.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);

    const status = await server.request("/api/account/two-factor", { headers: authorization });
    expect(await status.json()).toEqual({ data: { enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT } });
    // Already on: a second setup is refused rather than replacing the secret.
    expect((await post("/api/account/two-factor/setup", { password: member.password }, authorization)).status).toBe(
      409,
    );
  });

  it("refuses to turn on without the password or with a wrong code", async () => {
    const member = await createMember(server);
    const { authorization } = await signIn(server, member.email ?? "", member.password);
    expect((await post("/api/account/two-factor/setup", { password: "wrong-password" }, authorization)).status).toBe(
      422,
    );
    const setup = await post("/api/account/two-factor/setup", { password: member.password }, authorization);
    const { data } = (await setup.json()) as { data: { secret: string } };
    const wrongCode = await post(
      "/api/account/two-factor/enable",
      { password: member.password, code: codeFor(data.secret, 5) },
      authorization,
    );
    expect(wrongCode.status).toBe(422);
    expect((await wrongCode.json()).errors).toEqual({ code: [twoFactorMessages.codeWrong] });
    const wrongPassword = await post(
      "/api/account/two-factor/enable",
      { password: "wrong-password", code: codeFor(data.secret) },
      authorization,
    );
    expect(wrongPassword.status).toBe(422);
    const status = await server.request("/api/account/two-factor", { headers: authorization });
    expect((await status.json()).data.enabled).toBe(false);
  });

  it("asks for the code after the password, and signs in with it once", async () => {
    const { member, setup } = await memberWithTwoFactor();
    const first = await logIn(member);
    expect(first.data).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(first.data.access_token).toBeUndefined();

    const code = codeFor(setup.secret, 1);
    const done = await post("/api/login/two-factor", { challenge: first.data.challenge, code });
    expect(done.status).toBe(200);
    const tokens = (await done.json()) as { data: { access_token: string } };
    expect(done.headers.getSetCookie().some((cookie) => cookie.startsWith("velvet_refresh="))).toBe(true);
    const me = await server.request("/api/me", {
      method: "POST",
      headers: { Authorization: `Bearer ${tokens.data.access_token}` },
    });
    expect(me.status).toBe(200);

    // The challenge is spent, and the same code is not accepted again on a new one.
    expect((await post("/api/login/two-factor", { challenge: first.data.challenge, code })).status).toBe(422);
    const second = await logIn(member);
    expect((await post("/api/login/two-factor", { challenge: second.data.challenge, code })).status).toBe(422);
  });

  it("signs in with a recovery code, each once", async () => {
    const { member, authorization, recoveryCodes } = await memberWithTwoFactor();
    const recovery = recoveryCodes[0] ?? "";
    const first = await logIn(member);
    expect((await post("/api/login/two-factor", { challenge: first.data.challenge, code: recovery })).status).toBe(200);
    const second = await logIn(member);
    expect((await post("/api/login/two-factor", { challenge: second.data.challenge, code: recovery })).status).toBe(
      422,
    );
    const status = await server.request("/api/account/two-factor", { headers: authorization });
    expect((await status.json()).data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it("ends a challenge after five wrong codes and throttles a member's codes across challenges", async () => {
    const { member, setup } = await memberWithTwoFactor();
    const first = await logIn(member);
    for (let attempt = 0; attempt < CHALLENGE_ATTEMPTS; attempt++) {
      const wrong = await post("/api/login/two-factor", { challenge: first.data.challenge, code: "000000" });
      expect(wrong.status).toBe(422);
    }
    // Even the right code no longer opens this challenge.
    const spent = await post("/api/login/two-factor", {
      challenge: first.data.challenge,
      code: codeFor(setup.secret, 1),
    });
    expect(spent.status).toBe(422);
    expect((await spent.json()).errors).toEqual({ code: [twoFactorMessages.challengeInvalid] });

    const second = await logIn(member);
    let last = 0;
    for (let attempt = CHALLENGE_ATTEMPTS; attempt <= CODE_ATTEMPTS_PER_WINDOW; attempt++) {
      last = (await post("/api/login/two-factor", { challenge: second.data.challenge, code: "000000" })).status;
    }
    expect(last).toBe(429);
  });

  it("turns off only with the password and a code", async () => {
    const { member, authorization, recoveryCodes } = await memberWithTwoFactor();
    const noPassword = await post(
      "/api/account/two-factor/disable",
      { password: "wrong-password", code: recoveryCodes[0] },
      authorization,
    );
    expect(noPassword.status).toBe(422);
    const noCode = await post(
      "/api/account/two-factor/disable",
      { password: member.password, code: "123456" },
      authorization,
    );
    expect(noCode.status).toBe(422);
    const off = await post(
      "/api/account/two-factor/disable",
      { password: member.password, code: recoveryCodes[1] },
      authorization,
    );
    expect(off.status).toBe(200);
    const body = await logIn(member);
    expect(body.data.access_token).toEqual(expect.any(String));
  });

  it("answers guests 401 and an operator acting as the member 403", async () => {
    expect((await server.request("/api/account/two-factor")).status).toBe(401);
    expect((await post("/api/account/two-factor/setup", { password: "x" })).status).toBe(401);
    const member = await createMember(server);
    const operator = await signedInStaff(server);
    const issued = await server.request(`/api/admin/users/${member.uuid}/impersonation`, {
      method: "POST",
      headers: operator.auth,
    });
    const used = await post("/api/impersonate", { token: (await issued.json()).data.token });
    const acting = { Authorization: `Bearer ${(await used.json()).data.access_token}` };
    expect((await server.request("/api/account/two-factor", { headers: acting })).status).toBe(403);
    expect((await post("/api/account/two-factor/setup", { password: member.password }, acting)).status).toBe(403);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { createMember, jsonRequest, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * A held session (a borrowed phone, a stolen token) must not be a way to guess the password: wrong
 * confirmations count with wrong sign-ins, 5 in 15 minutes, then 429 and that session ends.
 */
describe("confirming the current password from a signed-in session", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "1000000" });
  });
  afterAll(() => server.stop());

  /** Every route that asks for the current password, with a body carrying `password` as its confirmation. */
  const confirmations = (password: string): [string, string, Record<string, unknown>][] => [
    [
      "PUT",
      "/api/account/password",
      {
        current_password: password,
        password: "a-new-long-passphrase-9",
        password_confirmation: "a-new-long-passphrase-9",
      },
    ],
    ["PUT", "/api/account/email", { email: "somewhere-else@example.com", current_password: password }],
    ["DELETE", "/api/account", { password }],
    ["POST", "/api/account/two-factor/setup", { password }],
    ["POST", "/api/account/two-factor/enable", { password, code: "123456" }],
    ["POST", "/api/account/two-factor/disable", { password, code: "123456" }],
  ];
  const confirm = (auth: Record<string, string>, [method, path, body]: [string, string, Record<string, unknown>]) =>
    server.request(path, jsonRequest(method, body, auth));
  const me = (auth: Record<string, string>) => server.request("/api/me", jsonRequest("POST", undefined, auth));

  it("refuses the right password after 5 wrong ones, with 429 and Retry-After, ends that session and audits it", async () => {
    const member = await createMember(server);
    const { authorization } = await signIn(server, member.email ?? "", member.password);
    const other = await signIn(server, member.email ?? "", member.password);
    const routes = confirmations("not-the-password");
    // One wrong guess on each of five routes: all count together.
    for (const route of routes.slice(0, 5)) {
      const answer = await confirm(authorization, route);
      expect(answer.status, route[1]).toBe(422);
    }
    const [, , right] = confirmations(member.password);
    const refused = await confirm(authorization, right as [string, string, Record<string, unknown>]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toBe(
      "Too many wrong passwords. For your safety you have been signed out: please sign in again.",
    );
    // The account was not deleted, the guessing session is over, the member's other session goes on.
    expect((await me(authorization)).status).toBe(401);
    expect((await me(other.authorization)).status).toBe(200);
    const audit = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, member.id), eq(auditLog.action, "account.password_attempts_exceeded")));
    expect(audit).toHaveLength(1);
    // The other session is past the limit too: the count is the member's, not the session's.
    expect((await confirm(other.authorization, confirmations(member.password)[3] as never)).status).toBe(429);
  });

  it("counts wrong sign-ins and wrong confirmations together", async () => {
    const member = await createMember(server);
    const { authorization } = await signIn(server, member.email ?? "", member.password);
    for (let guess = 0; guess < 3; guess++) {
      const wrong = await server.request(
        "/api/login",
        jsonRequest("POST", { email: member.email, password: `wrong-guess-${guess}` }),
      );
      expect(wrong.status).toBe(422);
    }
    const setup = (password: string) => confirm(authorization, confirmations(password)[3] as never);
    expect((await setup("wrong-one")).status).toBe(422);
    expect((await setup("wrong-two")).status).toBe(422);
    expect((await setup(member.password)).status).toBe(429);
  });

  it("lets a member who slips a few times through, and the right password clears the count", async () => {
    const member = await createMember(server);
    const { authorization } = await signIn(server, member.email ?? "", member.password);
    const setup = (password: string) => confirm(authorization, confirmations(password)[3] as never);
    for (let round = 0; round < 3; round++) {
      expect((await setup("slip-one")).status).toBe(422);
      expect((await setup("slip-two")).status).toBe(422);
      expect((await setup("slip-three")).status).toBe(422);
      // Setup answers 200 with a fresh secret each time two-factor sign-in is still off.
      expect((await setup(member.password)).status).toBe(200);
    }
  });
});

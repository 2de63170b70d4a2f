import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { photos } from "../../platform/db/schema/profiles";
import { accountPolicy } from "../../platform/members/account-policy";
import {
  createMember,
  jsonRequest,
  mailsTo,
  reloadUser,
  signIn,
  tokenFromLink,
  waitForJobsToSettle,
  waitForMail,
} from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { unsubscribeToken } from "../notifications";

describe("account settings", () => {
  let server: TestServer;
  const me = (authorization: Record<string, string>) =>
    server.request("/api/me", { method: "POST", headers: authorization }).then((response) => response.json());

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("answers 401 to a guest on every account route", async () => {
    for (const [method, path] of [
      ["PUT", "/api/account/email"],
      ["PUT", "/api/account/password"],
      ["PUT", "/api/account/preferences"],
      ["POST", "/api/account/deactivate"],
      ["POST", "/api/account/reactivate"],
      ["DELETE", "/api/account"],
      ["GET", "/api/account/export"],
    ] as const) {
      expect(
        (await server.request(path, jsonRequest(method, method === "GET" ? undefined : {}))).status,
        `${method} ${path}`,
      ).toBe(401);
    }
  });

  it("changes the password with the current one, signing out every other device", async () => {
    const member = await createMember(server);
    const laptop = await signIn(server, member.email ?? "", member.password);
    const phone = await signIn(server, member.email ?? "", member.password);
    const wrong = await server.request(
      "/api/account/password",
      jsonRequest(
        "PUT",
        { current_password: "nope-nope-nope", password: "fresh-phrase-123", password_confirmation: "fresh-phrase-123" },
        laptop.authorization,
      ),
    );
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.current_password).toEqual(["The current password is incorrect."]);

    const changed = await server.request(
      "/api/account/password",
      jsonRequest(
        "PUT",
        { current_password: member.password, password: "fresh-phrase-123", password_confirmation: "fresh-phrase-123" },
        laptop.authorization,
      ),
    );
    expect(changed.status).toBe(200);
    const { data } = await changed.json();
    expect((await server.request("/api/me", { method: "POST", headers: phone.authorization })).status).toBe(401);
    expect((await server.request("/api/me", { method: "POST", headers: laptop.authorization })).status).toBe(401);
    expect(
      (await server.request("/api/me", { method: "POST", headers: { Authorization: `Bearer ${data.access_token}` } }))
        .status,
    ).toBe(200);
    await signIn(server, member.email ?? "", "fresh-phrase-123");
  });

  it("changes the email only once the new address is confirmed, and tells the old address", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const response = await server.request(
      "/api/account/email",
      jsonRequest("PUT", { email: "brand-new@example.com", current_password: member.password }, session.authorization),
    );
    expect(response.status).toBe(200);
    expect((await me(session.authorization)).data).toMatchObject({
      email: member.email,
      pending_email: "brand-new@example.com",
    });
    const token = tokenFromLink((await waitForMail(server, "brand-new@example.com")).text, "/confirm-email");
    await waitForJobsToSettle(server);
    expect(await mailsTo(server, member.email ?? "")).toEqual([]);
    expect((await server.request("/api/email/verify", jsonRequest("POST", { token }))).status).toBe(200);
    expect((await me(session.authorization)).data).toMatchObject({
      email: "brand-new@example.com",
      pending_email: null,
    });
    // The old address hears of it (a hijacked account's owner still reads there), without the new address.
    const notice = await waitForMail(server, member.email ?? "");
    expect(notice.subject).toBe("Your Velvet Hearts email was changed");
    expect(notice.text).toContain("Your email was changed; if this wasn't you, contact support");
    expect(notice.text).toContain(server.context.config.supportEmail);
    expect(`${notice.text}${notice.html}`).not.toContain("brand-new@example.com");
    // Using the link again changes nothing and tells nobody twice.
    expect((await server.request("/api/email/verify", jsonRequest("POST", { token }))).status).toBe(200);
    await waitForJobsToSettle(server);
    expect(await mailsTo(server, member.email ?? "")).toHaveLength(1);
  });

  it("gives the same answer for an address that belongs to someone else, and sends nothing", async () => {
    const member = await createMember(server);
    const other = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const response = await server.request(
      "/api/account/email",
      jsonRequest("PUT", { email: other.email, current_password: member.password }, session.authorization),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "We have sent a confirmation link to your new email address." });
    await waitForJobsToSettle(server);
    expect(await mailsTo(server, other.email ?? "")).toEqual([]);
    expect((await reloadUser(server, member.id))?.pendingEmail).toBeNull();
  });

  it("saves email preferences, and an unsubscribe link turns notification mail off without signing in", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const saved = await server.request(
      "/api/account/preferences",
      jsonRequest("PUT", { email: { notifications: true, newsletter: true } }, session.authorization),
    );
    expect((await saved.json()).data.email).toEqual({ notifications: true, newsletter: true });

    const bad = await server.request("/api/unsubscribe", jsonRequest("POST", { token: `${member.uuid}.forged` }));
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.token).toEqual(["This unsubscribe link is invalid."]);
    const good = await server.request(
      "/api/unsubscribe",
      jsonRequest("POST", { token: unsubscribeToken(server.context.config, member.uuid) }),
    );
    expect(good.status).toBe(200);
    expect((await me(session.authorization)).data.preferences.email).toEqual({
      notifications: false,
      newsletter: true,
    });
  });

  it("deactivates (other sessions end, this one continues confined) and reactivates", async () => {
    const member = await createMember(server);
    const other = await signIn(server, member.email ?? "", member.password);
    const session = await signIn(server, member.email ?? "", member.password);
    const deactivated = await server.request("/api/account/deactivate", {
      method: "POST",
      headers: session.authorization,
    });
    expect(deactivated.status).toBe(200);
    const fresh = { Authorization: `Bearer ${(await deactivated.json()).data.access_token}` };
    expect((await server.request("/api/me", { method: "POST", headers: other.authorization })).status).toBe(401);
    expect((await me(fresh)).data.deactivated).toBe(true);
    // A deactivated member can still sign in, and lands on /deactivated to reactivate.
    const again = await signIn(server, member.email ?? "", member.password);
    // The conversation list refuses a deactivated member, and serves them again once reactivated.
    const conversations = () => server.request("/api/user-conversations", { headers: again.authorization });
    expect((await conversations()).status).toBe(403);
    expect(
      (await server.request("/api/account/reactivate", { method: "POST", headers: again.authorization })).status,
    ).toBe(200);
    expect((await me(again.authorization)).data.deactivated).toBe(false);
    // Back at once, not a second later.
    expect((await conversations()).status).toBe(200);
  });

  it("deletes the account with the password: personal data and photos go, sign-in stops, audit stays", async () => {
    const member = await createMember(server);
    await server.context.storage.put(`photos/${member.uuid}-large.webp`, Buffer.from("RIFF0000WEBP"));
    await server.context.database.db.insert(photos).values({
      userId: member.id,
      storageKey: `photos/${member.uuid}`,
      width: 1,
      height: 1,
      isPrimary: true,
      status: "approved",
    });
    const session = await signIn(server, member.email ?? "", member.password);
    const wrong = await server.request(
      "/api/account",
      jsonRequest("DELETE", { password: "not-it-at-all" }, session.authorization),
    );
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.password).toEqual(["The current password is incorrect."]);

    const deleted = await server.request(
      "/api/account",
      jsonRequest("DELETE", { password: member.password }, session.authorization),
    );
    expect(deleted.status).toBe(200);
    const row = await reloadUser(server, member.id);
    expect(row).toMatchObject({ email: null, passwordHash: null, birthdate: null, aboutMe: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await server.context.storage.exists(`photos/${member.uuid}-large.webp`)).toBe(false);
    expect(
      (await server.context.database.db.select({ n: count() }).from(photos).where(eq(photos.userId, member.id)))[0]?.n,
    ).toBe(0);
    expect((await server.request("/api/me", { method: "POST", headers: session.authorization })).status).toBe(401);
    const login = await server.request(
      "/api/login",
      jsonRequest("POST", { email: member.email, password: member.password }),
    );
    expect(login.status).toBe(422);
    const audit = await server.context.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, member.id));
    expect(audit.map((entry) => entry.action)).toContain("account.deleted");
  });

  it("lets unverified members browse but not send messages", async () => {
    const unverified = await createMember(server, { verified: false });
    expect(() => accountPolicy.assertMaySendMessages(unverified)).toThrow("Please verify your email address.");
    const verified = await createMember(server);
    expect(() => accountPolicy.assertMaySendMessages(verified)).not.toThrow();
  });
});

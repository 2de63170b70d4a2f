import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { refreshTokens } from "../../platform/db/schema/auth";
import { users } from "../../platform/db/schema/members";
import { photos } from "../../platform/db/schema/profiles";
import { SESSION_USER_COLUMNS } from "../../platform/members/types";
import { deriveKey } from "../../platform/security/secrets";
import { createMember, refreshCookieOf, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { signAccessToken, verifyAccessToken } from "./access-tokens";
import { authenticateAccessToken } from "./session-service";

describe("access and refresh tokens", () => {
  let server: TestServer;
  const me = (authorization: Record<string, string>) =>
    server.request("/api/me", { method: "POST", headers: authorization });
  const refresh = (cookie: string) => server.request("/api/refresh", { method: "POST", headers: { Cookie: cookie } });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("answers 401 without a token or with a malformed one", async () => {
    expect((await server.request("/api/me", { method: "POST" })).status).toBe(401);
    expect((await me({ Authorization: "Bearer not-a-jwt" })).status).toBe(401);
    expect(await (await me({ Authorization: "Basic abc" })).json()).toEqual({ message: "Unauthenticated." });
  });

  it("refuses alg none, a wrong audience, an expired token and a foreign signature", async () => {
    const member = await createMember(server);
    const { accessToken } = await signIn(server, member.email ?? "", member.password);
    const claims = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as {
      sid: string;
      sub: string;
      iss: string;
    };
    const key = new Uint8Array(deriveKey(server.context.config.appSecret, "access-token"));

    const none = new UnsecuredJWT({ sid: claims.sid })
      .setSubject(claims.sub)
      .setAudience("velvet:api")
      .setIssuer(claims.iss)
      .setExpirationTime("5m")
      .encode();
    const wrongAudience = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject(claims.sub)
      .setAudience("someone-else")
      .setIssuer(claims.iss)
      .setExpirationTime("5m")
      .sign(key);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject(claims.sub)
      .setAudience("velvet:api")
      .setIssuer(claims.iss)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const foreign = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject(claims.sub)
      .setAudience("velvet:api")
      .setIssuer(claims.iss)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("a-different-secret-of-enough-length"));
    for (const token of [none, wrongAudience, expired, foreign]) {
      expect((await me({ Authorization: `Bearer ${token}` })).status).toBe(401);
    }
    expect((await me({ Authorization: `Bearer ${accessToken}` })).status).toBe(200);
  });

  it("stops accepting an access token the second it expires, though it was accepted before", async () => {
    const { context } = server;
    const claims = { userUuid: randomUUID(), sessionId: randomUUID() };
    const token = await signAccessToken(context, claims);
    expect(await verifyAccessToken(context, token)).toEqual(claims);
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { exp: number };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(exp * 1000 - 1);
      expect(await verifyAccessToken(context, token)).toEqual(claims);
      vi.setSystemTime(exp * 1000);
      expect(await verifyAccessToken(context, token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a refresh token used as an access token", async () => {
    const member = await createMember(server);
    const { refreshCookie } = await signIn(server, member.email ?? "", member.password);
    const refreshToken = refreshCookie.split("=")[1] ?? "";
    expect((await me({ Authorization: `Bearer ${refreshToken}` })).status).toBe(401);
  });

  it("rotates the refresh token and the new access token works", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const rotated = await refresh(session.refreshCookie);
    expect(rotated.status).toBe(200);
    const next = refreshCookieOf(rotated);
    expect(next).not.toBe(session.refreshCookie);
    const { data } = await rotated.json();
    expect((await me({ Authorization: `Bearer ${data.access_token}` })).status).toBe(200);
    expect((await refresh(next)).status).toBe(200);
  });

  it("gives two tabs refreshing together the same new pair within the grace window", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const first = await refresh(session.refreshCookie);
    const second = await refresh(session.refreshCookie);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(refreshCookieOf(second)).toBe(refreshCookieOf(first));
    expect((await second.json()).data.access_token).toBe((await first.json()).data.access_token);
  });

  it("revokes the whole family when an old refresh token is reused after the grace window", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const rotated = await refresh(session.refreshCookie);
    const next = refreshCookieOf(rotated);
    const { data } = await rotated.json();
    // The grace window has passed for every used token.
    await server.context.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '5 minutes'` })
      .where(sql`used_at is not null`);

    const reuse = await refresh(session.refreshCookie);
    expect(reuse.status).toBe(401);
    expect((await refresh(next)).status).toBe(401);
    expect((await me({ Authorization: `Bearer ${data.access_token}` })).status).toBe(401);
  });

  it("logout ends the access token and the refresh token at once", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    expect((await me(session.authorization)).status).toBe(200);
    const logout = await server.request("/api/logout", { method: "POST", headers: session.authorization });
    expect(logout.status).toBe(200);
    expect((await me(session.authorization)).status).toBe(401);
    expect((await refresh(session.refreshCookie)).status).toBe(401);
  });

  it("answers /api/me with every field of the current user and nothing of anyone else", async () => {
    const member = await createMember(server);
    const other = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const { data } = await (await me(session.authorization)).json();
    expect(Object.keys(data).sort()).toEqual(
      [
        "uuid",
        "username",
        "email",
        "email_verified",
        "pending_email",
        "credits",
        "has_unli_message",
        "primary_photo",
        "gender",
        "unread_messages_count",
        "new_visitors_count",
        "new_likes_count",
        "new_winks_count",
        "unread_favorites_count",
        "visits_count",
        "received_messages_count",
        "received_wink_interactions_count",
        "deactivated",
        "rv",
        "eventName",
        "features",
        "profile_complete",
        "choice",
        "preferences",
        "has_account_deletion_promo",
        "scope",
        "impersonated",
      ].sort(),
    );
    expect(data).toMatchObject({
      uuid: member.uuid,
      credits: 0,
      scope: ["member"],
      choice: "female",
      deactivated: false,
    });
    expect(JSON.stringify(data)).not.toContain(other.uuid);
    expect(JSON.stringify(data)).not.toContain("argon2");
  });

  it("reads only the session's columns of the member with each request, and /api/me the whole member, fresh", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const authenticated = await authenticateAccessToken(server.context, session.accessToken);
    // Never the password hash or the profile's text with every request: only the columns rules and offers ask for.
    expect(Object.keys(authenticated?.user ?? {}).sort()).toEqual([...SESSION_USER_COLUMNS].sort());
    expect(authenticated?.user).not.toHaveProperty("passwordHash");

    // A counter the session does not carry still reaches /api/me as it is now.
    await server.context.database.db
      .update(users)
      .set({ visitsCount: 7, newVisitorsCount: 3 })
      .where(eq(users.uuid, member.uuid));
    const { data } = await (await me(session.authorization)).json();
    expect(data).toMatchObject({ visits_count: 7, new_visitors_count: 3, username: member.username });
  });

  it("shows on /api/me only the approved primary photo, as its thumbnail", async () => {
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    const [row] = await server.context.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.uuid, member.uuid));
    const userId = row?.id ?? 0;
    const photoOf = async () => (await (await me(session.authorization)).json()).data.primary_photo;
    const size = { width: 600, height: 800 };
    await server.context.database.db.insert(photos).values([
      { userId, storageKey: `p/${randomUUID()}`, ...size, isPrimary: true, status: "pending" },
      { userId, storageKey: `p/${randomUUID()}`, ...size, isPrimary: false, status: "approved" },
    ]);
    expect(await photoOf()).toBeNull();
    const key = `p/${randomUUID()}`;
    await server.context.database.db
      .insert(photos)
      .values({ userId, storageKey: key, ...size, isPrimary: true, status: "approved" });
    expect(await photoOf()).toEqual({ url: server.context.storage.publicUrl(`${key}-thumb.webp`) });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readAccessToken, secondsUntilExpiry, TOKEN_KEY, writeAccessToken } from "./auth-storage";

/** A token shaped like the server's (a JWT); only its payload matters to the browser. */
function accessToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "at+jwt" })}.${encode(claims)}.signature`;
}

describe("the stored access token", () => {
  let cookies: string[];
  beforeEach(() => {
    cookies = [];
    const stored = new Map<string, string>();
    vi.stubGlobal("window", {
      location: { protocol: "https:" },
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      },
    });
    vi.stubGlobal("document", {
      set cookie(value: string) {
        cookies.push(value);
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const maxAgeOf = (cookie: string | undefined) => Number(/Max-Age=(\d+)/.exec(cookie ?? "")?.[1]);

  it("keeps its cookie copy only as long as the token is valid (15 minutes, not 30 days)", () => {
    const token = accessToken({ sub: "member", exp: Math.floor(Date.now() / 1000) + 900 });
    writeAccessToken(token);
    expect(readAccessToken()).toBe(token);
    const [cookie] = cookies;
    expect(cookie).toMatch(new RegExp(`^${TOKEN_KEY.replace(/\./g, "\\.")}=Bearer%20`));
    expect(maxAgeOf(cookie)).toBeGreaterThan(890);
    expect(maxAgeOf(cookie)).toBeLessThanOrEqual(900);
    expect(cookie).toContain("; Secure");
    expect(cookie).toContain("SameSite=Strict");
  });

  it("writes no lasting cookie for a token that has expired or whose expiry cannot be read", () => {
    writeAccessToken(accessToken({ sub: "member", exp: Math.floor(Date.now() / 1000) - 5 }));
    writeAccessToken("not-a-token");
    expect(cookies.map(maxAgeOf)).toEqual([0, 0]);
    expect(cookies.every((cookie) => cookie.startsWith(`${TOKEN_KEY}=;`))).toBe(true);
  });

  it("clears the cookie on sign-out", () => {
    writeAccessToken(null);
    expect(cookies).toEqual([`${TOKEN_KEY}=; Path=/; SameSite=Strict; Max-Age=0; Secure`]);
    expect(readAccessToken()).toBeNull();
  });

  it("reads the expiry from the token's exp claim", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(secondsUntilExpiry(accessToken({ exp: now / 1000 + 60 }), now)).toBe(60);
    expect(secondsUntilExpiry(accessToken({}), now)).toBe(0);
  });
});

import { errors, jwtVerify, SignJWT } from "jose";
import type { AppContext } from "../../platform/app-context";
import { defineCache } from "../../platform/cache/caches";
import { deriveKey } from "../../platform/security/secrets";

/** Access tokens live 15 minutes; the refresh cookie renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "velvet:api";
const TOKEN_TYPE = "at+jwt";

export interface AccessClaims {
  userUuid: string;
  sessionId: string;
}

type TokenContext = Pick<AppContext, "config" | "caches">;

/**
 * The HMAC key, derived and imported once per secret and then reused: deriving
 * and importing it cost more than checking a token, on every API request.
 */
const signingKeys = defineCache<string, Promise<CryptoKey>>({ name: "access-token-signing-keys", max: 4 });

function signingKey({ config, caches }: TokenContext): Promise<CryptoKey> {
  const keys = caches.of(signingKeys);
  let key = keys.get(config.appSecret);
  if (!key) {
    const raw = new Uint8Array(deriveKey(config.appSecret, "access-token"));
    key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(config.appSecret, key);
  }
  return key;
}

export async function signAccessToken(context: TokenContext, claims: AccessClaims): Promise<string> {
  const { config } = context;
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setSubject(claims.userUuid)
    .setAudience(AUDIENCE)
    .setIssuer(config.appUrl)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await signingKey(context));
}

/**
 * Tokens this process has verified, with their claims, until they expire: the
 * signature check is the costliest step of an API request, and a client sends
 * the same token for up to 15 minutes. Only the very same token under the same
 * server hits; the session behind it is still read on every request. Nothing
 * invalidates it: a token's claims never change, and it is dropped at its expiry.
 */
const verifiedTokens = defineCache<string, { claims: AccessClaims; expiresAtMs: number }>({
  name: "verified-access-tokens",
  max: 10_000,
});

/**
 * Accepts only HS256 tokens of our type, audience and issuer, unexpired;
 * anything else (alg none, another audience, a refresh token) is undefined.
 */
export async function verifyAccessToken(context: TokenContext, token: string): Promise<AccessClaims | undefined> {
  const { config } = context;
  const verified = context.caches.of(verifiedTokens);
  const known = verified.get(token);
  // jose's own rule: expired once the current second reaches `exp`.
  if (known && Date.now() < known.expiresAtMs) return known.claims;
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, await signingKey(context), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: config.appUrl,
      typ: TOKEN_TYPE,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return undefined;
    const claims = { userUuid: payload.sub, sessionId: payload.sid };
    if (typeof payload.exp === "number") verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

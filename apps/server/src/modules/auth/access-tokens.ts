import { errors, jwtVerify, SignJWT } from "jose";
import type { AppConfig } from "../../platform/config";
import { deriveKey } from "../../platform/security/secrets";

/** Access tokens live 15 minutes; the refresh cookie renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "velvet:api";
const TOKEN_TYPE = "at+jwt";

export interface AccessClaims {
  userUuid: string;
  sessionId: string;
}

const signingKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The HMAC key, derived and imported once per secret and then reused: deriving
 * and importing it cost more than checking a token, on every API request.
 */
function signingKey(config: AppConfig): Promise<CryptoKey> {
  let key = signingKeys.get(config.appSecret);
  if (!key) {
    const raw = new Uint8Array(deriveKey(config.appSecret, "access-token"));
    key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    signingKeys.set(config.appSecret, key);
  }
  return key;
}

export async function signAccessToken(config: AppConfig, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setSubject(claims.userUuid)
    .setAudience(AUDIENCE)
    .setIssuer(config.appUrl)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await signingKey(config));
}

const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Tokens this process has verified, with their claims, until they expire: the
 * signature check is the costliest step of an API request, and a client sends
 * the same token for up to 15 minutes. Only the very same token under the same
 * configuration hits; the session behind it is still read on every request.
 */
const verifiedTokens = new WeakMap<AppConfig, Map<string, { claims: AccessClaims; expiresAtMs: number }>>();

/**
 * Accepts only HS256 tokens of our type, audience and issuer, unexpired;
 * anything else (alg none, another audience, a refresh token) is undefined.
 */
export async function verifyAccessToken(config: AppConfig, token: string): Promise<AccessClaims | undefined> {
  let verified = verifiedTokens.get(config);
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(config, verified);
  }
  const known = verified.get(token);
  // jose's own rule: expired once the current second reaches `exp`.
  if (known && Date.now() < known.expiresAtMs) return known.claims;
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, await signingKey(config), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: config.appUrl,
      typ: TOKEN_TYPE,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return undefined;
    const claims = { userUuid: payload.sub, sessionId: payload.sid };
    if (typeof payload.exp === "number") {
      // Oldest first out; a Map iterates in insertion order.
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? "");
      verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    }
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

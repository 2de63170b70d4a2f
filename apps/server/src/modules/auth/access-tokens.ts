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

/**
 * Accepts only HS256 tokens of our type, audience and issuer, unexpired;
 * anything else (alg none, another audience, a refresh token) is undefined.
 */
export async function verifyAccessToken(config: AppConfig, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(config), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: config.appUrl,
      typ: TOKEN_TYPE,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return undefined;
    return { userUuid: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

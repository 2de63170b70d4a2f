import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppConfig } from "../../platform/config";
import { deriveKey } from "../../platform/security/secrets";

/**
 * Unsubscribe links must work without signing in and for as long as the mail
 * lives, so they carry the member's uuid signed with a key derived from APP_SECRET.
 */
function signature(config: AppConfig, userUuid: string): string {
  return createHmac("sha256", deriveKey(config.appSecret, "unsubscribe")).update(userUuid).digest("base64url");
}

export function unsubscribeToken(config: AppConfig, userUuid: string): string {
  return `${userUuid}.${signature(config, userUuid)}`;
}

export function unsubscribeUrl(config: AppConfig, userUuid: string): string {
  return `${config.appUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config, userUuid))}`;
}

/** The member's uuid if the token is genuine. */
export function readUnsubscribeToken(config: AppConfig, token: string): string | undefined {
  const [userUuid, given] = token.split(".");
  if (!userUuid || !given) return undefined;
  const expected = Buffer.from(signature(config, userUuid));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? userUuid : undefined;
}

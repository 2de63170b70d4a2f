import { createHmac } from "node:crypto";
import type { AppConfig } from "../../platform/config";
import { deriveKey } from "../../platform/security/secrets";
import { constantTimeEquals } from "../realtime";

/** Private images (pending or rejected photos, later conversation images) are reachable only through these. */
export const PRIVATE_URL_TTL_SECONDS = 15 * 60;

function signature(config: AppConfig, key: string, expires: number): string {
  return createHmac("sha256", deriveKey(config.appSecret, "private-media"))
    .update(`${key}:${expires}`)
    .digest("base64url");
}

/** An `<img>` request carries no bearer token, so the URL itself is the permission, and it expires. */
export function signedMediaUrl(config: AppConfig, key: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + PRIVATE_URL_TTL_SECONDS;
  return `/media-private/${key}?expires=${expires}&signature=${signature(config, key, expires)}`;
}

export function verifySignedMedia(config: AppConfig, key: string, expires: number, given: string): boolean {
  if (!Number.isInteger(expires) || expires < Date.now() / 1000) return false;
  return constantTimeEquals(signature(config, key, expires), given);
}

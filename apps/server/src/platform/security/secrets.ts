import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/** A random, URL-safe token for links and refresh cookies (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as this hash, so a database leak reveals no usable link. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A key for one purpose derived from APP_SECRET, so one secret never signs two kinds of thing. */
export function deriveKey(appSecret: string, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "velvet", purpose, length));
}

/** AES-256-GCM for short-lived server-side secrets (the refresh grace window's successor pair). */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** GCM's full tag. Node otherwise takes a tag as short as 4 bytes and checks only that much: 2^32 forgery tries. */
const AUTH_TAG_BYTES = 16;

export function decrypt(key: Buffer, ciphertext: string): string | undefined {
  try {
    const [iv, tag, body] = ciphertext.split(".").map((part) => Buffer.from(part, "base64url"));
    if (!iv || !tag || !body || tag.length !== AUTH_TAG_BYTES) return undefined;
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: AUTH_TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

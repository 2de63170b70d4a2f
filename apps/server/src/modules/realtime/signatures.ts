import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * Pusher's signatures: HMAC-SHA256 of a string with the app secret, hex.
 * Channel auth signs `socket_id:channel[:channel_data]`, user sign-in signs
 * `socket_id::user::user_data`, the HTTP API signs `METHOD\npath\nquery`.
 */
export function sign(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}

export function constantTimeEquals(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks an `auth` value of the form `key:signature` against what it should sign. */
export function verifyAuth(appKey: string, secret: string, auth: unknown, signed: string): boolean {
  if (typeof auth !== "string") return false;
  const separator = auth.indexOf(":");
  if (separator === -1 || auth.slice(0, separator) !== appKey) return false;
  return constantTimeEquals(sign(secret, signed), auth.slice(separator + 1));
}

export function channelAuth(appKey: string, secret: string, socketId: string, channel: string, channelData?: string) {
  const signed = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${appKey}:${sign(secret, signed)}`;
}

export function userAuth(appKey: string, secret: string, socketId: string, userData: string) {
  return `${appKey}:${sign(secret, `${socketId}::user::${userData}`)}`;
}

/** The per-channel key for end-to-end encrypted channels: SHA-256 of the name and the 32-byte master key. */
export function encryptedChannelSecret(channel: string, masterKey: Buffer): string {
  return createHash("sha256")
    .update(Buffer.concat([Buffer.from(channel), masterKey]))
    .digest("base64");
}

export function md5(body: string): string {
  return createHash("md5").update(body).digest("hex");
}

import { createHmac, timingSafeEqual } from "node:crypto";

/** A notification signed longer ago than this (or this far in the future) is refused: a replay or a broken clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function digest(secret: string, timestamp: number, rawBody: Buffer | string): Buffer {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** `X-Signature: t={unix seconds},v1={hex HMAC-SHA256 over "{t}.{raw body}"}`. */
export function signatureHeader(secret: string, rawBody: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${digest(secret, timestamp, rawBody).toString("hex")}`;
}

/**
 * True when the header signs exactly these bytes with the secret, recently.
 * Several v1 values are accepted (a provider rotating its secret sends both);
 * each is compared in constant time.
 */
export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) candidates.push(Buffer.from(value, "hex"));
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = digest(secret, timestamp, rawBody);
  let matched = false;
  for (const candidate of candidates) if (timingSafeEqual(candidate, expected)) matched = true;
  return matched;
}

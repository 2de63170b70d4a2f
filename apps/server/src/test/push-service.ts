import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A push as a push service received it: the request's headers and its encrypted body. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in for a browser vendor's push service on a local port: records every push, and answers with the
 * status set for its path (201 by default; 404 or 410 say "this subscription is gone").
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const statusByPath = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = statusByPath.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    endpoint: (path: string) => `http://127.0.0.1:${port}${path}`,
    answer: (path: string, status: number) => statusByPath.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's side of a push subscription: its P-256 key pair and auth secret (what PushManager.subscribe makes),
 * and the decryption a browser does on arrival (RFC 8291 on top of the aes128gcm coding of RFC 8188).
 */
export function fakeBrowserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const publicKey = ecdh.getPublicKey();
  return {
    keys: { p256dh: publicKey.toString("base64url"), auth: authSecret.toString("base64url") },
    decrypt(body: Buffer): string {
      // Header (RFC 8188 §2.1): salt (16) | record size (4) | key id length (1) | key id = the server's public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      // RFC 8291 §3.3-3.4: the shared secret, mixed with the auth secret and both public keys, keys the record.
      const sharedSecret = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, serverPublicKey]);
      const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, authSecret, keyInfo, 32));
      const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // One record, the last: the content, then the delimiter 0x02, then zero padding.
      const end = padded.lastIndexOf(2);
      if (end === -1 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error("bad record padding");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}

/**
 * Checks a push's VAPID authorization (RFC 8292) the way a push service does: `vapid t=<JWT>, k=<key>`, the key
 * the browser subscribed with, an ES256 signature by it, the endpoint's origin as audience, a future expiry.
 */
export function verifyVapid(headers: IncomingHttpHeaders, expectedPublicKey: string, endpoint: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${headers.authorization}`);
  if (match[2] !== expectedPublicKey) throw new Error("signed with another key");
  const [header, claims, signature] = match[1].split(".");
  const point = Buffer.from(expectedPublicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature ?? "", "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const payload = JSON.parse(Buffer.from(claims ?? "", "base64url").toString("utf8")) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (payload.aud !== new URL(endpoint).origin) throw new Error(`audience ${payload.aud}`);
  if (payload.exp * 1000 <= Date.now()) throw new Error("expired");
  return payload;
}

import { describe, expect, it } from "vitest";
import { decrypt, deriveKey, encrypt } from "./secrets";

const key = deriveKey("a test secret of enough length for the key", "secrets-test");

describe("server-side secrets (AES-256-GCM)", () => {
  it("decrypts what it encrypted, and nothing under another key or with a changed body", () => {
    const sealed = encrypt(key, "the 2FA secret");
    expect(decrypt(key, sealed)).toBe("the 2FA secret");
    expect(decrypt(deriveKey("another secret", "secrets-test"), sealed)).toBeUndefined();
    const [iv, tag, body = ""] = sealed.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(decrypt(key, [iv, tag, flipped.toString("base64url")].join("."))).toBeUndefined();
  });

  it("refuses a tag shortened to 4 bytes, which would otherwise check only those 4 bytes", () => {
    const [iv, tag = "", body] = encrypt(key, "the 2FA secret").split(".");
    for (const length of [4, 8, 12, 15]) {
      const short = Buffer.from(tag, "base64url").subarray(0, length).toString("base64url");
      expect(decrypt(key, [iv, short, body].join(".")), `${length}-byte tag`).toBeUndefined();
    }
  });
});

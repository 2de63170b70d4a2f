import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../../test/s3-server";
import { loadConfig } from "../config";
import { AppError } from "../http/app-error";
import { S3Storage, storageUnavailableMessage } from "./s3-storage";

describe("uploads in an S3 bucket", () => {
  let s3: TestS3Server;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    const config = loadConfig({ NODE_ENV: "test", ...s3.env });
    if (!config.storage.s3) throw new Error("STORAGE_DRIVER=s3 not read");
    storage = new S3Storage(config.storage.s3);
  });
  afterAll(async () => {
    storage?.close();
    await s3?.destroy();
  });

  it("stores, reads, checks and removes a file by its key", async () => {
    const content = Buffer.from("not really a webp, but bytes all the same");
    await storage.put("photos/0b6f2a55-7d0e-4a57-9a0c-2c7c44d1a111-thumb.webp", content);
    expect(await storage.exists("photos/0b6f2a55-7d0e-4a57-9a0c-2c7c44d1a111-thumb.webp")).toBe(true);
    expect(await storage.get("photos/0b6f2a55-7d0e-4a57-9a0c-2c7c44d1a111-thumb.webp")).toEqual(content);
    await storage.remove("photos/0b6f2a55-7d0e-4a57-9a0c-2c7c44d1a111-thumb.webp");
    expect(await storage.exists("photos/0b6f2a55-7d0e-4a57-9a0c-2c7c44d1a111-thumb.webp")).toBe(false);
    expect(await storage.get("photos/0b6f2a55-7d0e-4a57-9a0c-2c7c44d1a111-thumb.webp")).toBeUndefined();
  });

  it("refuses keys the server would never make", async () => {
    await expect(storage.put("../escape.webp", Buffer.from("x"))).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.get("Photos/X.webp")).rejects.toThrow(/Unsafe storage key/);
  });

  it("hands out a presigned address that works, with its type, until it expires", async () => {
    const key = "private/photos/5a0c1e52-1111-4a57-9a0c-2c7c44d1a222-large.webp";
    await storage.put(key, Buffer.from("private bytes"));
    const url = await storage.presignedUrl(key, 60);
    expect(url.startsWith(`${s3.endpoint}/velvet-test/${key}?`)).toBe(true);
    expect(url).toContain("X-Amz-Signature=");
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(await answer.text()).toBe("private bytes");
    // Expired: refused. (s3rver checks a presigned URL's expiry but not its V4 signature, so forgery is S3's own
    // promise, not tested here.)
    const shortLived = await storage.presignedUrl(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await fetch(shortLived)).status).toBe(403);
  });

  it("names public files at the app's /media, or at S3_PUBLIC_URL when a CDN is in front", () => {
    expect(storage.publicUrl("photos/a-thumb.webp")).toBe("/media/photos/a-thumb.webp");
    const behindCdn = loadConfig({ NODE_ENV: "test", ...s3.env, S3_PUBLIC_URL: "https://cdn.example.com/media/" });
    if (!behindCdn.storage.s3) throw new Error("STORAGE_DRIVER=s3 not read");
    const cdnStorage = new S3Storage(behindCdn.storage.s3);
    expect(cdnStorage.publicUrl("photos/a-thumb.webp")).toBe("https://cdn.example.com/media/photos/a-thumb.webp");
    cdnStorage.close();
  });

  it("answers 503 while the bucket is out of reach, and keeps what it had", async () => {
    const key = "photos/77f1e0aa-2222-4a57-9a0c-2c7c44d1a333-medium.webp";
    await storage.put(key, Buffer.from("kept"));
    await s3.stop();
    try {
      const failure = await storage.put("photos/88f1e0aa-3333-4a57-9a0c-2c7c44d1a444-medium.webp", Buffer.from("new"));
      expect.unreachable(`stored during an outage: ${String(failure)}`);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "unavailable", message: storageUnavailableMessage, retryAfterSeconds: 60 });
    }
    await expect(storage.get(key)).rejects.toMatchObject({ code: "unavailable" });
    await s3.start();
    expect(await storage.get(key)).toEqual(Buffer.from("kept"));
  });

  it("refuses to start with STORAGE_DRIVER=s3 half-configured, naming what is missing", () => {
    expect(() => loadConfig({ NODE_ENV: "test", STORAGE_DRIVER: "s3", S3_BUCKET: "b" })).toThrow(
      "Refusing to start: STORAGE_DRIVER=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
    );
    expect(loadConfig({ NODE_ENV: "test" }).storage).toEqual({ driver: "local" });
  });
});

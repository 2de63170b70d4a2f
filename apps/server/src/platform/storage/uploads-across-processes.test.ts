import { apiHeaders } from "@velvet/shared/api/headers";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { createFreshPostgresDatabase } from "../../test/databases";
import { memberSignedInOn } from "../../test/process-members";
import { startTestS3Server, TEST_BUCKET, type TestS3Server } from "../../test/s3-server";
import { type ServerProcess, startServerProcess } from "../../test/server-process";
import { storageUnavailableMessage } from "./s3-storage";

const SITE_KEY = "uploads-site-key";

interface OwnPhoto {
  id: string;
  status: string;
  urls: { thumb: string; medium: string; large: string };
}

/**
 * Two processes with data directories of their own share one bucket (STORAGE_DRIVER=s3, a local s3rver): each
 * serves what the other stored, deleting removes the objects, and an outage of the bucket answers 503 without
 * losing anything. Needs PostgreSQL (the processes share the database): runs in CI's PostgreSQL pass.
 */
describe.runIf(process.env.DATABASE_URL)("uploads in a bucket shared by two processes", () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let s3: TestS3Server;
  let processA: ServerProcess;
  let processB: ServerProcess;

  beforeAll(async () => {
    [database, s3] = await Promise.all([
      createFreshPostgresDatabase(process.env.DATABASE_URL ?? "", "uploads"),
      startTestS3Server(),
    ]);
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      SITE_KEYS: SITE_KEY,
      API_RATE_LIMIT: "10000",
      APP_URL: "http://localhost:3997",
      PHOTO_AUTO_APPROVE: "0",
    };
    // Each process gets a DATA_DIR of its own (startServerProcess), so nothing is shared through the disk.
    processA = await startServerProcess(env);
    processB = await startServerProcess(env);
    db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([processA?.stop(), processB?.stop()]);
    await db?.close();
    await database?.drop();
    await s3?.destroy();
  });

  const headers = (token: string) => ({ Authorization: `Bearer ${token}`, [apiHeaders.siteKey]: SITE_KEY });

  async function upload(via: ServerProcess, token: string) {
    const picture = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#c0396b" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "me.jpg");
    return fetch(`${via.url}/api/profile/photos`, { method: "POST", headers: headers(token), body: form });
  }

  async function ownPhotos(via: ServerProcess, token: string): Promise<OwnPhoto[]> {
    const response = await fetch(`${via.url}/api/profile/photos`, { headers: headers(token) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: OwnPhoto[] }).data;
  }

  /** The objects of the bucket, as s3rver keeps them on its disk. */
  async function bucketHas(key: string): Promise<boolean> {
    const answer = await fetch(`${s3.endpoint}/${TEST_BUCKET}/${key}`, { method: "HEAD" });
    return answer.status === 200;
  }

  it("serves through one process the photo uploaded through the other, private until approved", async () => {
    const member = await memberSignedInOn(db, processA, { siteKey: SITE_KEY, label: "uploader" });
    const uploaded = await upload(processA, member.token);
    expect(uploaded.status).toBe(201);
    const photo = ((await uploaded.json()) as { data: OwnPhoto }).data;
    expect(photo.status).toBe("pending");

    // Pending: only through the app's signed URL, which hands over to a URL the bucket signs for a minute.
    const signed = photo.urls.large;
    expect(signed).toMatch(/^\/media-private\/private\/photos\//);
    const handedOver = await fetch(`${processB.url}${signed}`, { redirect: "manual" });
    expect(handedOver.status).toBe(302);
    const location = handedOver.headers.get("location") ?? "";
    expect(location).toContain(`${s3.endpoint}/${TEST_BUCKET}/private/photos/`);
    expect(location).toContain("X-Amz-Expires=60");
    const bytes = await fetch(location);
    expect(bytes.status).toBe(200);
    expect((await sharp(Buffer.from(await bytes.arrayBuffer())).metadata()).format).toBe("webp");
    // Without our signature, nothing: the bucket's address is never handed out unchecked.
    const unsigned = signed.split("?")[0] ?? "";
    expect((await fetch(`${processB.url}${unsigned}`, { redirect: "manual" })).status).toBe(404);

    // An admin approves it through process B: the public copy is read by process A from the bucket.
    const admin = await memberSignedInOn(db, processB, { siteKey: SITE_KEY, label: "moderator" });
    await db.db
      .update(users)
      .set({ roles: ["member", "admin"] })
      .where(eq(users.id, admin.id));
    const approved = await fetch(`${processB.url}/api/admin/photos/${photo.id}/approve`, {
      method: "POST",
      headers: headers(admin.token),
    });
    expect(approved.status).toBe(200);
    const [now] = await ownPhotos(processA, member.token);
    expect(now?.status).toBe("approved");
    expect(now?.urls.thumb).toMatch(/^\/media\/photos\/[0-9a-f-]{36}-thumb\.webp$/);
    for (const via of [processA, processB]) {
      const response = await fetch(`${via.url}${now?.urls.thumb}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
    }

    // Deleted through process B: the objects leave the bucket, and neither process serves it any more.
    const publicKey = (now?.urls.thumb ?? "").replace("/media/", "");
    expect(await bucketHas(publicKey)).toBe(true);
    const removed = await fetch(`${processB.url}/api/profile/photos/${photo.id}`, {
      method: "DELETE",
      headers: headers(member.token),
    });
    expect(removed.status).toBe(200);
    expect(await bucketHas(publicKey)).toBe(false);
    expect(await bucketHas(publicKey.replace("-thumb", "-large"))).toBe(false);
    expect((await fetch(`${processA.url}${now?.urls.thumb}`)).status).toBe(404);
  });

  it("answers uploads with 503 while the bucket is down, and loses nothing already stored", async () => {
    const member = await memberSignedInOn(db, processA, { siteKey: SITE_KEY, label: "outage" });
    expect((await upload(processA, member.token)).status).toBe(201);
    const [kept] = await ownPhotos(processA, member.token);
    const keptKey = decodeURIComponent((kept?.urls.medium ?? "").split("?")[0] ?? "").replace("/media-private/", "");
    expect(await bucketHas(keptKey)).toBe(true);

    await s3.stop();
    try {
      const refused = await upload(processB, member.token);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toBe(storageUnavailableMessage);
      // The refused upload left no photo behind.
      expect(await ownPhotos(processB, member.token)).toHaveLength(1);
    } finally {
      await s3.start();
    }
    expect(await bucketHas(keptKey)).toBe(true);
    const [after] = await ownPhotos(processB, member.token);
    const handedOver = await fetch(`${processB.url}${after?.urls.medium}`, { redirect: "manual" });
    expect(handedOver.status).toBe(302);
    expect((await fetch(handedOver.headers.get("location") ?? "")).status).toBe(200);
  });
});

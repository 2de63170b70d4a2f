import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photos } from "../../platform/db/schema/profiles";
import { createMember, signIn } from "../../test/factories";

const photoCropInvalid =
  "The crop must be a rectangle of at least 200 by 200 pixels, turned by 0, 90, 180 or 270 degrees.";

import { startTestServer, type TestServer } from "../../test/support";

function upload(
  server: TestServer,
  headers: Record<string, string>,
  bytes: Buffer,
  filename = "photo.jpg",
  type = "image/jpeg",
  crop?: unknown,
) {
  const form = new FormData();
  // The crop goes after the file here, the harder order for the server (a field after a file is read last).
  form.append("photo", new Blob([new Uint8Array(bytes)], { type }), filename);
  if (crop !== undefined) form.append("crop", typeof crop === "string" ? crop : JSON.stringify(crop));
  return server.request("/api/profile/photos", { method: "POST", headers, body: form });
}

/** A PNG whose header claims 20,000 x 20,000 pixels (the image data is never needed to refuse it). */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("photos", () => {
  let server: TestServer;
  let photoWithExif: Buffer;
  beforeAll(async () => {
    server = await startTestServer();
    photoWithExif = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#c45f93" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "GPS 51.5N 0.12W" } })
      .toBuffer();
  });
  afterAll(() => server.stop());

  async function member() {
    const created = await createMember(server);
    return { created, headers: (await signIn(server, created.email ?? "", created.password)).authorization };
  }

  it("re-encodes an accepted JPEG to WebP sizes without its EXIF", async () => {
    const { headers } = await member();
    expect((await sharp(photoWithExif).metadata()).exif).toBeDefined();
    const response = await upload(server, headers, photoWithExif);
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({ status: "approved", is_primary: true });
    const served = await server.request(data.urls.large);
    expect(served.status).toBe(200);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(bytes.toString("latin1")).not.toContain("secret-owner");
    expect(data.urls.large).toMatch(/^\/media\/photos\/[0-9a-f-]{36}-large\.webp$/);
  });

  it("crops and turns the photo on the server from a private, metadata-free original", async () => {
    const { headers } = await member();
    // 900 x 700, left half red and right half blue: a quarter turn clockwise puts the red half on top.
    const halves = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#0000ff" } })
      .composite([
        { input: { create: { width: 450, height: 700, channels: 3, background: "#ff0000" } }, left: 0, top: 0 },
      ])
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Copyright: "secret-owner", Artist: "GPS 51.5N 0.12W" } })
      .toBuffer();
    const crop = { x: 100, y: 20, width: 500, height: 400, rotation: 90 };
    const response = await upload(server, headers, halves, "photo.jpg", "image/jpeg", crop);
    expect(response.status).toBe(201);
    const { data } = await response.json();

    const served = Buffer.from(await (await server.request(data.urls.large)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 500, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(served.toString("latin1")).not.toContain("secret-owner");
    // Only the (now upper) red half is inside the crop.
    const { channels } = await sharp(served).stats();
    expect(channels[0]?.mean).toBeGreaterThan(200);
    expect(channels[2]?.mean).toBeLessThan(60);

    // The original is kept, upright and without metadata, where no URL reaches it.
    const storageKey = data.urls.large.replace(/^\/media\//, "").replace(/-large\.webp$/, "");
    const original = await server.context.storage.get(`private/${storageKey}-original.jpg`);
    expect(original).toBeDefined();
    const originalMetadata = await sharp(original).metadata();
    expect({ width: originalMetadata.width, height: originalMetadata.height }).toEqual({ width: 900, height: 700 });
    expect(originalMetadata.exif).toBeUndefined();
    expect(original?.toString("latin1")).not.toContain("secret-owner");
    expect((await server.request(`/media-private/private/${storageKey}-original.jpg`)).status).toBe(404);
    expect((await server.request(`/media/private/${storageKey}-original.jpg`)).status).toBe(404);

    // Deleting the photo deletes its original too.
    await server.request(`/api/profile/photos/${data.id}`, { method: "DELETE", headers });
    expect(await server.context.storage.exists(`private/${storageKey}-original.jpg`)).toBe(false);
  });

  it("frames an uploaded photo again from its original, only for its owner", async () => {
    const { headers } = await member();
    const { headers: otherHeaders } = await member();
    const { data } = await (await upload(server, headers, photoWithExif)).json();
    expect(data.original_url).toMatch(/^\/media-private\/private\/photos\/[0-9a-f-]{36}-original\.jpg\?expires=/);
    const original = await server.request(data.original_url);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).exif).toBeUndefined();

    const reframe = (who: Record<string, string>, crop: unknown) =>
      server.request(`/api/profile/photos/${data.id}/crop`, {
        method: "PUT",
        headers: { ...who, "Content-Type": "application/json" },
        body: JSON.stringify({ crop }),
      });
    const crop = { x: 50, y: 100, width: 300, height: 400, rotation: 270 };
    expect((await reframe(otherHeaders, crop)).status).toBe(404);
    const response = await reframe(headers, crop);
    expect(response.status).toBe(200);
    const framed = (await response.json()).data;
    const served = await sharp(Buffer.from(await (await server.request(framed.urls.large)).arrayBuffer())).metadata();
    expect({ width: served.width, height: served.height }).toEqual({ width: 300, height: 400 });
    // Upright again, then a frame past the 900 px edge.
    expect((await reframe(headers, { x: 500, y: 0, width: 300, height: 400, rotation: 0 })).status).toBe(200);
    const outside = await reframe(headers, { x: 600, y: 0, width: 400, height: 400, rotation: 0 });
    expect(outside.status).toBe(422);
    expect((await outside.json()).errors.crop).toEqual(["The crop must lie within the photo."]);
  });

  it("refuses a crop outside the photo, a free angle or a crop that is not JSON, storing nothing", async () => {
    const { headers } = await member();
    const cases: Array<[unknown, string]> = [
      // 900 x 700 turned a quarter is 700 wide: 300 + 500 passes its edge.
      [{ x: 300, y: 0, width: 500, height: 400, rotation: 90 }, "The crop must lie within the photo."],
      [{ x: 0, y: 0, width: 500, height: 400, rotation: 45 }, photoCropInvalid],
      [{ x: -1, y: 0, width: 500, height: 400, rotation: 0 }, photoCropInvalid],
      [{ x: 0, y: 0, width: 50, height: 50, rotation: 0 }, photoCropInvalid],
      ["not json", photoCropInvalid],
    ];
    for (const [crop, message] of cases) {
      const response = await upload(server, headers, photoWithExif, "photo.jpg", "image/jpeg", crop);
      expect(response.status).toBe(422);
      expect((await response.json()).errors.crop).toEqual([message]);
    }
    const list = await (await server.request("/api/profile/photos", { headers })).json();
    expect(list.data).toEqual([]);
  });

  it("refuses an upload from a member whose email is not confirmed, with 403 and the message, storing nothing", async () => {
    const created = await createMember(server, { verified: false });
    const { authorization } = await signIn(server, created.email ?? "", created.password);
    const response = await upload(server, authorization, photoWithExif);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: "Please confirm your email address first: follow the link in the email we sent you.",
    });
    const own = await (await server.request("/api/profile/photos", { headers: authorization })).json();
    expect(own.data).toEqual([]);
  });

  it("refuses an SVG, an HTML file named .jpg, a 20,000 x 20,000 PNG and a 50 MB file", async () => {
    const { headers } = await member();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const svgResponse = await upload(server, headers, svg, "x.svg", "image/svg+xml");
    expect(svgResponse.status).toBe(422);
    expect((await svgResponse.json()).errors.photo).toEqual(["The photo must be a JPEG, PNG or WebP image."]);
    const html = await upload(server, headers, Buffer.from("<html><script>alert(1)</script></html>"), "cute.jpg");
    expect(html.status).toBe(422);
    const huge = await upload(server, headers, hugePngHeader(), "huge.png", "image/png");
    expect(huge.status).toBe(422);
    expect((await huge.json()).errors.photo).toEqual(["The photo may not be larger than 40 megapixels."]);
    const big = await upload(server, headers, Buffer.alloc(50 * 1024 * 1024, 1), "big.jpg");
    expect(big.status).toBe(413);
    const list = await (await server.request("/api/profile/photos", { headers })).json();
    expect(list.data).toEqual([]);
  });

  it("refuses a JPEG/HTML polyglot and a path in the file name, storing nothing", async () => {
    const { headers } = await member();
    // A real JPEG that a browser would also render as a page: markup in a comment segment and after the image.
    const polyglot = Buffer.concat([
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#333" } })
        .jpeg()
        .toBuffer(),
      Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>"),
    ]);
    expect((await sharp(polyglot).metadata()).format).toBe("jpeg");
    const polyglotResponse = await upload(server, headers, polyglot, "holiday.jpg");
    expect(polyglotResponse.status).toBe(422);
    expect((await polyglotResponse.json()).errors.photo).toEqual(["The photo must be a JPEG, PNG or WebP image."]);
    for (const name of ["../../etc/passwd.jpg", "..\\..\\boot.jpg", "photos/../x.jpg"]) {
      const traversal = await upload(server, headers, photoWithExif, name);
      expect(traversal.status).toBe(422);
      expect((await traversal.json()).errors.photo).toEqual(["The photo's file name is not valid."]);
    }
    const list = await (await server.request("/api/profile/photos", { headers })).json();
    expect(list.data).toEqual([]);
  });

  it("sets the primary, reorders, and deletes; another member's photo is a 404", async () => {
    const { headers } = await member();
    const { headers: otherHeaders } = await member();
    const first = (await (await upload(server, headers, photoWithExif)).json()).data;
    const second = (await (await upload(server, headers, photoWithExif)).json()).data;
    expect(second.is_primary).toBe(false);

    const primary = await (
      await server.request(`/api/profile/photos/${second.id}/primary`, { method: "PUT", headers })
    ).json();
    expect(primary.data.find((photo: { id: string }) => photo.id === second.id).is_primary).toBe(true);
    const reordered = await server.request("/api/profile/photos/order", {
      method: "PUT",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ order: [second.id, first.id] }),
    });
    expect(reordered.status).toBe(200);

    expect(
      (await server.request(`/api/profile/photos/${first.id}`, { method: "DELETE", headers: otherHeaders })).status,
    ).toBe(404);
    expect(
      (await server.request(`/api/profile/photos/${first.id}/primary`, { method: "PUT", headers: otherHeaders }))
        .status,
    ).toBe(404);
    const afterDelete = await (
      await server.request(`/api/profile/photos/${second.id}`, { method: "DELETE", headers })
    ).json();
    expect(afterDelete.data).toHaveLength(1);
    expect(afterDelete.data[0]).toMatchObject({ id: first.id, is_primary: true });
    expect((await server.request(second.urls.large)).status).toBe(404);
  });

  it("shows other members the photos in the owner's order, the main photo first", async () => {
    const { created: owner, headers } = await member();
    const { headers: viewerHeaders } = await member();
    const [main, second, third] = [
      (await (await upload(server, headers, photoWithExif)).json()).data,
      (await (await upload(server, headers, photoWithExif)).json()).data,
      (await (await upload(server, headers, photoWithExif)).json()).data,
    ];
    const reordered = await server.request("/api/profile/photos/order", {
      method: "PUT",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ order: [third.id, second.id, main.id] }),
    });
    expect((await reordered.json()).data.map((photo: { id: string }) => photo.id)).toEqual([
      main.id,
      third.id,
      second.id,
    ]);
    const profile = await (await server.request(`/api/profiles/${owner.uuid}`, { headers: viewerHeaders })).json();
    expect(profile.data.photos.map((photo: { uuid: string }) => photo.uuid)).toEqual([main.id, third.id, second.id]);
  });
});

describe("upload limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("counts 30 uploads an hour per member, never blocking others at the same address or the photo list", async () => {
    const tiny = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#3b0a2a" } })
      .jpeg()
      .toBuffer();
    const busy = (await signIn(server, ...(await credentials(server)))).authorization;
    const other = (await signIn(server, ...(await credentials(server)))).authorization;
    for (let count = 0; count < 30; count++) expect((await upload(server, busy, tiny)).status).toBe(201);
    const refused = await upload(server, busy, tiny);
    expect(refused.status).toBe(429);
    // Same address (the test client), another member: still free to upload.
    expect((await upload(server, other, tiny)).status).toBe(201);
    // The busy member can still see their photos: the list has no share in the upload limit.
    const listed = await server.request("/api/profile/photos", { headers: busy });
    expect(listed.status).toBe(200);
    expect((await listed.json()).data).toHaveLength(30);
  });
});

async function credentials(server: TestServer): Promise<[string, string]> {
  const created = await createMember(server);
  return [created.email ?? "", created.password];
}

describe("pending photos", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PHOTO_AUTO_APPROVE: "0" });
  });
  afterAll(() => server.stop());

  it("keeps pending photos private: only a signed, expiring URL serves them, and others never see them", async () => {
    const owner = await createMember(server);
    const headers = (await signIn(server, owner.email ?? "", owner.password)).authorization;
    const viewer = await createMember(server);
    const viewerHeaders = (await signIn(server, viewer.email ?? "", viewer.password)).authorization;
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    const { data } = await (await upload(server, headers, jpeg)).json();
    expect(data.status).toBe("pending");
    expect(data.urls.large).toMatch(/^\/media-private\/private\/photos\/.+\?expires=\d+&signature=/);
    expect((await server.request(data.urls.large)).status).toBe(200);
    const unsigned = data.urls.large.split("?")[0];
    expect((await server.request(unsigned)).status).toBe(404);
    expect((await server.request(`${unsigned}?expires=9999999999&signature=forged`)).status).toBe(404);
    const publicPath = `/media/photos/${unsigned.split("/").at(-1)}`;
    expect((await server.request(publicPath)).status).toBe(404);

    const profile = await (await server.request(`/api/profiles/${owner.uuid}`, { headers: viewerHeaders })).json();
    expect(profile.data.photos).toEqual([]);
    expect(profile.data.primary_photo.large).toBe("/avatars/default-male.svg");
  });

  it("sends a framed-again photo back to moderation, its public files gone", async () => {
    const owner = await createMember(server);
    const headers = (await signIn(server, owner.email ?? "", owner.password)).authorization;
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#654321" } })
      .jpeg()
      .toBuffer();
    const { data } = await (await upload(server, headers, jpeg)).json();
    // As if a moderator had approved it (the moderation module's own tests cover that step).
    const [approved] = await server.context.database.db
      .update(photos)
      .set({ status: "approved" })
      .where(eq(photos.uuid, data.id))
      .returning();
    const storageKey = approved?.storageKey ?? "";
    await server.context.storage.put(`${storageKey}-large.webp`, Buffer.from("approved copy"));

    const response = await server.request(`/api/profile/photos/${data.id}/crop`, {
      method: "PUT",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ crop: { x: 0, y: 0, width: 400, height: 500, rotation: 0 } }),
    });
    expect(response.status).toBe(200);
    const framed = (await response.json()).data;
    expect(framed.status).toBe("pending");
    // New files under a new name, private; nothing left under the old one.
    expect(framed.urls.large).toMatch(/^\/media-private\/private\/photos\/[0-9a-f-]{36}-large\.webp\?/);
    expect(framed.urls.large).not.toContain(storageKey);
    expect((await server.request(framed.urls.large)).status).toBe(200);
    expect(await server.context.storage.exists(`${storageKey}-large.webp`)).toBe(false);
    expect(await server.context.storage.exists(`private/${storageKey}-original.jpg`)).toBe(false);
  });
});

import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

function upload(
  server: TestServer,
  headers: Record<string, string>,
  bytes: Buffer,
  filename = "photo.jpg",
  type = "image/jpeg",
) {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(bytes)], { type }), filename);
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
});

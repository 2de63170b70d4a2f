import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { jsonRequest, signedInMember, waitForMail } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("admin: photo moderation", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PHOTO_AUTO_APPROVE: "0" });
  });
  afterAll(() => server.stop());

  async function upload(auth: Record<string, string>, background: string) {
    const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
    const response = await server.request("/api/profile/photos", { method: "POST", headers: auth, body: form });
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: string; status: string; is_primary: boolean };
  }
  const decide = (auth: Record<string, string>, id: string, action: "approve" | "reject") =>
    server.request(`/api/admin/photos/${id}/${action}`, { method: "POST", headers: auth });
  const publicPhotos = async (viewer: { auth: Record<string, string> }, owner: { uuid: string }) =>
    ((await (await server.request(`/api/profiles/${owner.uuid}`, { headers: viewer.auth })).json()).data.photos ??
      []) as Array<{ uuid: string }>;

  it("approves a photo into public view and rejects another: hidden, main role handed on, member told", async () => {
    const [admin, owner, viewer] = await Promise.all([
      signedInMember(server, { roles: ["admin"] }),
      signedInMember(server),
      signedInMember(server),
    ]);
    const main = await upload(owner.auth, "#c45f93");
    const second = await upload(owner.auth, "#3b0a2a");
    expect(main).toMatchObject({ status: "pending", is_primary: true });

    const pending = await (await server.request("/api/admin/photos/pending", { headers: admin.auth })).json();
    expect(pending.meta).toEqual({ auto_approve: false });
    const listed = pending.data.filter((photo: { member: { uuid: string } }) => photo.member.uuid === owner.uuid);
    expect(listed.map((photo: { id: string }) => photo.id)).toEqual([main.id, second.id]);
    expect(listed[0].url).toMatch(/^\/media-private\/.+\?expires=\d+&signature=/);
    expect(await publicPhotos(viewer, owner)).toEqual([]);

    const approved = await decide(admin.auth, second.id, "approve");
    expect(approved.status).toBe(200);
    expect((await approved.json()).data).toEqual({ id: second.id, status: "approved" });
    const own = (await (await server.request("/api/profile/photos", { headers: owner.auth })).json()).data;
    const published = own.find((photo: { id: string }) => photo.id === second.id);
    expect(published.urls.large).toMatch(/^\/media\/photos\//);
    expect((await server.request(published.urls.large)).status).toBe(200);
    expect((await publicPhotos(viewer, owner)).map((photo) => photo.uuid)).toEqual([second.id]);

    const rejected = await decide(admin.auth, main.id, "reject");
    expect((await rejected.json()).data).toEqual({ id: main.id, status: "rejected" });
    const after = (await (await server.request("/api/profile/photos", { headers: owner.auth })).json()).data;
    expect(after.find((photo: { id: string }) => photo.id === main.id)).toMatchObject({
      status: "rejected",
      is_primary: false,
    });
    expect(after.find((photo: { id: string }) => photo.id === second.id).is_primary).toBe(true);
    expect((await publicPhotos(viewer, owner)).map((photo) => photo.uuid)).toEqual([second.id]);
    expect((await waitForMail(server, owner.email ?? "")).subject).toContain("Your photo was not approved");

    // Decided once: a second decision is refused, and a member may not decide at all.
    expect((await decide(admin.auth, main.id, "approve")).status).toBe(409);
    expect((await decide(owner.auth, second.id, "reject")).status).toBe(403);
    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, owner.id), eq(auditLog.actorId, admin.id)));
    expect(audits.map((row) => row.action).sort()).toEqual(["photo.approved", "photo.rejected"]);
  });

  it("rejects with the admin's reason: in the member's email and the audit entry; a too short one is refused", async () => {
    const [admin, owner] = await Promise.all([signedInMember(server, { roles: ["admin"] }), signedInMember(server)]);
    const photo = await upload(owner.auth, "#8a2a5e");
    const reject = (reason: string) =>
      server.request(`/api/admin/photos/${photo.id}/reject`, jsonRequest("POST", { reason }, admin.auth));
    const tooShort = await reject("no");
    expect(tooShort.status).toBe(422);
    expect((await tooShort.json()).errors.reason).toHaveLength(1);

    const rejected = await reject("Your face is hidden behind the phone.");
    expect((await rejected.json()).data).toEqual({ id: photo.id, status: "rejected" });
    const mail = await waitForMail(server, owner.email ?? "");
    expect(mail.text).toContain("Our team's note: Your face is hidden behind the phone.");
    const [audit] = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, owner.id), eq(auditLog.action, "photo.rejected")));
    expect(audit?.metadata).toEqual({ photo: photo.id, reason: "Your face is hidden behind the phone." });
  });
});

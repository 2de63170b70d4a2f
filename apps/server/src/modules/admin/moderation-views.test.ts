import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { users } from "../../platform/db/schema/members";
import { giveCredits, jsonRequest, signedInMember, waitForMail } from "../../test/factories";
import { createFictionalProfile } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

/** The admin sees what it moderates. This server approves photos on upload (PHOTO_AUTO_APPROVE=1). */
describe("admin: moderation views", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PHOTO_AUTO_APPROVE: "1" });
  });
  afterAll(() => server.stop());

  const admin = () => signedInMember(server, { roles: ["admin"] });
  const get = async (path: string, auth: Record<string, string>) => {
    const response = await server.request(path, { headers: auth });
    expect(response.status).toBe(200);
    return response.json();
  };
  async function upload(auth: Record<string, string>, background: string) {
    const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
    const response = await server.request("/api/profile/photos", { method: "POST", headers: auth, body: form });
    expect(response.status).toBe(201);
    return (await response.json()).data as { id: string; status: string; urls: { large: string } };
  }
  const recentIds = async (auth: Record<string, string>) =>
    (await get("/api/admin/photos/recent", auth)).data.map((photo: { id: string }) => photo.id) as string[];

  it("lists auto-approved photos for review; keeping one or taking it down removes it from the list", async () => {
    const [boss, owner] = await Promise.all([admin(), signedInMember(server)]);
    const kept = await upload(owner.auth, "#c45f93");
    const offending = await upload(owner.auth, "#3b0a2a");
    expect(kept.status).toBe("approved");

    const recent = await get("/api/admin/photos/recent", boss.auth);
    expect(recent.meta).toEqual({ auto_approve: true });
    // Newest first, each at its public address, with its owner.
    const mine = recent.data.filter((photo: { member: { uuid: string } }) => photo.member.uuid === owner.uuid);
    expect(mine.map((photo: { id: string }) => photo.id)).toEqual([offending.id, kept.id]);
    expect(mine[0].url).toMatch(/^\/media\/photos\//);
    expect((await get("/api/admin/photos/pending", boss.auth)).meta).toEqual({ auto_approve: true });

    const keep = await server.request(`/api/admin/photos/${kept.id}/keep`, { method: "POST", headers: boss.auth });
    expect((await keep.json()).data).toEqual({ id: kept.id, status: "approved" });
    expect(await recentIds(boss.auth)).not.toContain(kept.id);

    // Taking down: private again, the public file gone, the owner emailed with the reason, audited.
    expect((await server.request(offending.urls.large)).status).toBe(200);
    const takenDown = await server.request(
      `/api/admin/photos/${offending.id}/reject`,
      jsonRequest("POST", { reason: "Contact details are not allowed in photos." }, boss.auth),
    );
    expect((await takenDown.json()).data).toEqual({ id: offending.id, status: "rejected" });
    expect((await server.request(offending.urls.large)).status).toBe(404);
    expect(await recentIds(boss.auth)).not.toContain(offending.id);
    const own = (await get("/api/profile/photos", owner.auth)).data as Array<{ id: string; status: string }>;
    expect(own.find((photo) => photo.id === offending.id)?.status).toBe("rejected");
    expect((await waitForMail(server, owner.email ?? "")).text).toContain("Contact details are not allowed");
    const audits = await server.context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, owner.id), eq(auditLog.actorId, boss.id)));
    expect(audits.map((row) => row.action).sort()).toEqual(["photo.kept", "photo.taken_down"]);
    // A rejected photo cannot be taken down twice, nor kept.
    expect(
      (await server.request(`/api/admin/photos/${offending.id}/reject`, { method: "POST", headers: boss.auth })).status,
    ).toBe(409);
    expect(
      (await server.request(`/api/admin/photos/${offending.id}/keep`, { method: "POST", headers: boss.auth })).status,
    ).toBe(409);
  });

  it("leaves fictional profiles' photos out of the review list", async () => {
    const [boss, profile] = await Promise.all([admin(), createFictionalProfile(server)]);
    const upload = await server.request(`/api/admin/fictional-profiles/${profile.uuid}/photos`, {
      method: "POST",
      headers: boss.auth,
      body: await (async () => {
        const form = new FormData();
        const bytes = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#123456" } })
          .jpeg()
          .toBuffer();
        form.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "p.jpg");
        return form;
      })(),
    });
    expect(upload.status).toBeLessThan(300);
    const recent = await get("/api/admin/photos/recent", boss.auth);
    expect(recent.data.map((photo: { member: { uuid: string } }) => photo.member.uuid)).not.toContain(profile.uuid);
  });

  it("removes a member's photo for good: files gone, the next photo becomes main, audited", async () => {
    const [boss, owner] = await Promise.all([admin(), signedInMember(server)]);
    const main = await upload(owner.auth, "#aa3377");
    const second = await upload(owner.auth, "#3377aa");
    const removed = await server.request(`/api/admin/photos/${main.id}`, { method: "DELETE", headers: boss.auth });
    expect((await removed.json()).data).toEqual({ id: main.id, removed: true });
    expect((await server.request(main.urls.large)).status).toBe(404);
    const own = (await get("/api/profile/photos", owner.auth)).data as Array<{ id: string; is_primary: boolean }>;
    expect(own).toEqual([expect.objectContaining({ id: second.id, is_primary: true })]);
    const [audit] = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, owner.id), eq(auditLog.action, "photo.removed")));
    expect(audit).toMatchObject({ actorId: boss.id, metadata: { photo: main.id, status: "approved" } });
    expect(
      (await server.request(`/api/admin/photos/${main.id}`, { method: "DELETE", headers: boss.auth })).status,
    ).toBe(404);
  });

  it("shows a member's photos, profile text, reports against and by them, and conversation counts", async () => {
    const [boss, member, reporter, target, profile] = await Promise.all([
      admin(),
      signedInMember(server),
      signedInMember(server),
      signedInMember(server),
      createFictionalProfile(server),
    ]);
    const photo = await upload(member.auth, "#774411");
    const report = (auth: Record<string, string>, reported: string, details: string) =>
      server.request(
        "/api/reports",
        jsonRequest("POST", { reported_uuid: reported, reason: "harassment", details }, auth),
      );
    expect((await report(reporter.auth, member.uuid, "Rude messages to me.")).status).toBeLessThan(300);
    expect((await report(member.auth, target.uuid, "Asked for my bank details.")).status).toBeLessThan(300);
    await giveCredits(server, member, 10);
    for (const text of ["Hello there", "Are you around tonight?"]) {
      const sent = await server.request(
        `/api/profiles/${profile.uuid}/messages`,
        jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, member.auth),
      );
      expect(sent.status).toBe(201);
    }
    await server.context.database.db
      .update(users)
      .set({ headline: "Sunny side up", aboutMe: "I love long walks on Bondi beach and good coffee." })
      .where(eq(users.id, member.id));

    const { data } = await get(`/api/admin/members/${member.uuid}`, boss.auth);
    expect(data.photos).toEqual([
      expect.objectContaining({ id: photo.id, status: "approved", is_primary: true, uploaded_at: expect.any(String) }),
    ]);
    expect(data.reports_against.map((row: { details: string }) => row.details)).toEqual(["Rude messages to me."]);
    expect(data.reports_against[0].reporter.uuid).toBe(reporter.uuid);
    expect(data.reports_by.map((row: { details: string }) => row.details)).toEqual(["Asked for my bank details."]);
    expect(data.conversations).toEqual({ total: 1, started: 1, messages_sent: 2, messages_received: 0 });
    expect(data.profile).toMatchObject({
      headline: "Sunny side up",
      about_me: "I love long walks on Bondi beach and good coffee.",
      city: expect.any(String),
    });
  });

  it("opens the members page on the newest sign-ups and the members with open reports, without staff or fiction", async () => {
    const [boss, operator, profile, reported, first, second] = await Promise.all([
      admin(),
      signedInMember(server, { roles: ["operator"] }),
      createFictionalProfile(server),
      signedInMember(server),
      signedInMember(server),
      signedInMember(server),
    ]);
    const newcomer = await signedInMember(server);
    for (const [reporter, details] of [
      [first, "First complaint."],
      [second, "Second complaint."],
    ] as const) {
      const response = await server.request(
        "/api/reports",
        jsonRequest("POST", { reported_uuid: reported.uuid, reason: "harassment", details }, reporter.auth),
      );
      expect(response.status).toBeLessThan(300);
    }
    const { data } = await get("/api/admin/members/overview", boss.auth);
    const newestIds = data.newest.map((row: { uuid: string }) => row.uuid);
    expect(newestIds[0]).toBe(newcomer.uuid);
    expect(newestIds).not.toContain(operator.uuid);
    expect(newestIds).not.toContain(boss.uuid);
    expect(newestIds).not.toContain(profile.uuid);
    const created = data.newest.map((row: { created_at: string }) => row.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const entry = data.reported.find((row: { uuid: string }) => row.uuid === reported.uuid);
    expect(entry).toMatchObject({ open_reports: 2, last_reported_at: expect.any(String) });

    // Closing the reports takes the member off the list.
    const open = await get("/api/admin/reports?status=pending", boss.auth);
    for (const row of open.data.filter(
      (item: { reported: { uuid: string } }) => item.reported?.uuid === reported.uuid,
    )) {
      const closed = await server.request(
        `/api/admin/reports/${row.id}`,
        jsonRequest("PUT", { status: "rejected" }, boss.auth),
      );
      expect(closed.status).toBe(200);
    }
    const after = await get("/api/admin/members/overview", boss.auth);
    expect(after.data.reported.map((row: { uuid: string }) => row.uuid)).not.toContain(reported.uuid);
  });

  it("refuses members and operators on every admin-only moderation route", async () => {
    const [member, operator, owner] = await Promise.all([
      signedInMember(server),
      signedInMember(server, { roles: ["operator"] }),
      signedInMember(server),
    ]);
    const photo = await upload(owner.auth, "#225566");
    const routes: Array<[string, string]> = [
      ["GET", "/api/admin/photos/recent"],
      ["GET", "/api/admin/photos/pending"],
      ["POST", `/api/admin/photos/${photo.id}/keep`],
      ["POST", `/api/admin/photos/${photo.id}/reject`],
      ["DELETE", `/api/admin/photos/${photo.id}`],
      ["GET", "/api/admin/members/overview"],
      ["GET", `/api/admin/members/${owner.uuid}`],
    ];
    for (const caller of [member, operator]) {
      for (const [method, path] of routes) {
        const response = await server.request(path, { method, headers: caller.auth });
        expect([method, path, response.status]).toEqual([method, path, 403]);
      }
    }
    for (const [method, path] of routes) {
      expect((await server.request(path, { method })).status).toBe(401);
    }
    // Nothing changed: the photo is still public and in the owner's list.
    const own = (await get("/api/profile/photos", owner.auth)).data as Array<{ id: string; status: string }>;
    expect(own).toEqual([expect.objectContaining({ id: photo.id, status: "approved" })]);
  });
});

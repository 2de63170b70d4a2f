import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { jsonRequest, signedInMember } from "../../test/factories";
import { createFictionalProfile, signedInStaff } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("member notes and templates", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const auditActions = async (actorIds: number[]) =>
    (await server.context.database.db.select().from(auditLog).where(inArray(auditLog.actorId, actorIds))).map(
      (entry) => [entry.action, entry.actorId],
    );

  it("keeps notes by category, shown to every operator, who may correct or remove them", async () => {
    const member = await signedInMember(server);
    const [writer, reader] = await Promise.all([signedInStaff(server), signedInStaff(server)]);
    const created = await server.request(
      `/api/operator/members/${member.uuid}/notes`,
      jsonRequest("POST", { category: "important_dates", text: "Birthday 3 March" }, writer.auth),
    );
    expect(created.status).toBe(201);
    const note = (await created.json()).data;
    expect(note).toMatchObject({
      member_uuid: member.uuid,
      category: "important_dates",
      text: "Birthday 3 March",
      author: { uuid: writer.uuid, username: writer.username },
    });
    await server.request(
      `/api/operator/members/${member.uuid}/notes`,
      jsonRequest("POST", { category: "hobbies", text: "Surfs at Bondi" }, writer.auth),
    );

    const seen = await (
      await server.request(`/api/operator/members/${member.uuid}/notes`, { headers: reader.auth })
    ).json();
    expect(seen.data.map((entry: { category: string; text: string }) => [entry.category, entry.text])).toEqual([
      ["hobbies", "Surfs at Bondi"],
      ["important_dates", "Birthday 3 March"],
    ]);

    const corrected = await server.request(
      `/api/operator/notes/${note.id}`,
      jsonRequest("PUT", { category: "important_dates", text: "Birthday 4 March" }, reader.auth),
    );
    expect((await corrected.json()).data).toMatchObject({ text: "Birthday 4 March", author: { uuid: reader.uuid } });
    const removed = await server.request(`/api/operator/notes/${note.id}`, { method: "DELETE", headers: reader.auth });
    expect(await removed.json()).toEqual({ data: { done: true } });
    expect(
      (await server.request(`/api/operator/notes/${note.id}`, { method: "DELETE", headers: reader.auth })).status,
    ).toBe(404);

    expect(await auditActions([writer.id, reader.id])).toEqual(
      expect.arrayContaining([
        ["operator.note_created", writer.id],
        ["operator.note_updated", reader.id],
        ["operator.note_deleted", reader.id],
      ]),
    );
  });

  it("refuses notes with an unknown category or no text, and notes about fictional profiles", async () => {
    const member = await signedInMember(server);
    const operator = await signedInStaff(server);
    const bad = await server.request(
      `/api/operator/members/${member.uuid}/notes`,
      jsonRequest("POST", { category: "shoe_size", text: " " }, operator.auth),
    );
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({
      category: ["The category field must be a valid value"],
      text: ["The text field is required"],
    });
    const profile = await createFictionalProfile(server);
    const onProfile = await server.request(
      `/api/operator/members/${profile.uuid}/notes`,
      jsonRequest("POST", { category: "other", text: "?" }, operator.auth),
    );
    expect(onProfile.status).toBe(404);
  });

  it("lets admins write templates with unique short codes, and operators read them per profile", async () => {
    const admin = await signedInStaff(server, ["admin"]);
    const operator = await signedInStaff(server);
    const [mine, other] = await Promise.all([createFictionalProfile(server), createFictionalProfile(server)]);
    const create = (body: Record<string, unknown>) =>
      server.request("/api/operator/templates", jsonRequest("POST", body, admin.auth));

    const general = await create({ code: "Hi", kind: "canned", text: "Hey {member}!" });
    expect(general.status).toBe(201);
    expect((await general.json()).data).toMatchObject({ code: "hi", kind: "canned", profile: null });
    const own = await create({ code: "fc-mine", kind: "first_contact", text: "Hi from me", profile_uuid: mine.uuid });
    expect((await own.json()).data.profile).toEqual({ uuid: mine.uuid, username: mine.username });
    await create({ code: "fc-other", kind: "first_contact", text: "Hi from her", profile_uuid: other.uuid });

    const taken = await create({ code: "hi", kind: "canned", text: "again" });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual({ code: ["This code is already used by another template."] });
    const badCode = await create({ code: "hello there", kind: "canned", text: "x" });
    expect((await badCode.json()).errors).toEqual({
      code: ["The code may only contain lowercase letters, digits, - and _"],
    });

    const notFictional = await create({ code: "x1", kind: "canned", text: "x", profile_uuid: operator.uuid });
    expect((await notFictional.json()).errors).toEqual({ profile_uuid: ["Choose one of the fictional profiles."] });

    const forMine = await (
      await server.request(`/api/operator/templates?profile=${mine.uuid}`, { headers: operator.auth })
    ).json();
    expect(forMine.data.map((template: { code: string }) => template.code).sort()).toEqual(["fc-mine", "hi"]);

    const id = forMine.data.find((template: { code: string }) => template.code === "hi").id;
    const updated = await server.request(
      `/api/operator/templates/${id}`,
      jsonRequest("PUT", { code: "hey", kind: "canned", text: "Hey there {member}" }, admin.auth),
    );
    expect((await updated.json()).data).toMatchObject({ code: "hey", text: "Hey there {member}" });
    expect(
      (await server.request(`/api/operator/templates/${id}`, { method: "DELETE", headers: operator.auth })).status,
    ).toBe(403);
    expect(
      (await server.request(`/api/operator/templates/${id}`, { method: "DELETE", headers: admin.auth })).status,
    ).toBe(200);
    expect(await auditActions([admin.id])).toEqual(
      expect.arrayContaining([
        ["operator.template_created", admin.id],
        ["operator.template_updated", admin.id],
        ["operator.template_deleted", admin.id],
      ]),
    );
    const [created] = await server.context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "operator.template_created"));
    expect(created?.metadata).toMatchObject({ code: "hi" });
  });
});

import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { jsonRequest, signedInMember } from "../../test/factories";
import { createFictionalProfile } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("admin: triggers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRIGGER_INTERVAL_SECONDS: "0", TRIGGER_DAILY_LIMIT: "4" });
  });
  afterAll(() => server.stop());

  const welcome = {
    name: "Welcome hello",
    event: "registered",
    delay_minutes: 5,
    text: "Hi {member}, I'm {profile}. How is {city} today?",
  };

  it("creates, lists, changes, switches off and deletes a trigger, each audited", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    const profile = await createFictionalProfile(server);
    const created = await server.request(
      "/api/admin/triggers",
      jsonRequest("POST", { ...welcome, profile_uuid: profile.uuid }, admin.auth),
    );
    expect(created.status).toBe(201);
    const trigger = (await created.json()).data;
    expect(trigger).toMatchObject({
      name: "Welcome hello",
      event: "registered",
      delay_minutes: 5,
      profile: { uuid: profile.uuid, username: profile.username },
      max_per_member: 1,
      active: true,
      deliveries: { total: 0, last_24_hours: 0, last_sent_at: null },
    });

    const listed = await (await server.request("/api/admin/triggers", { headers: admin.auth })).json();
    expect(listed.meta).toEqual({ daily_limit_per_member: 4 });
    expect(listed.data.map((item: { id: number }) => item.id)).toContain(trigger.id);

    const changed = await server.request(
      `/api/admin/triggers/${trigger.id}`,
      jsonRequest(
        "PUT",
        { ...welcome, event: "inactive", delay_minutes: 3 * 24 * 60, max_per_member: 3, profile_uuid: null },
        admin.auth,
      ),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).data).toMatchObject({
      event: "inactive",
      delay_minutes: 4320,
      max_per_member: 3,
      profile: null,
      active: true,
    });
    const switchedOff = await server.request(
      `/api/admin/triggers/${trigger.id}`,
      jsonRequest("PUT", { ...welcome, active: false }, admin.auth),
    );
    expect((await switchedOff.json()).data).toMatchObject({ active: false, event: "registered" });

    const deleted = await server.request(`/api/admin/triggers/${trigger.id}`, {
      method: "DELETE",
      headers: admin.auth,
    });
    expect(await deleted.json()).toEqual({ data: { deleted: true } });
    expect(
      (await server.request(`/api/admin/triggers/${trigger.id}`, { method: "DELETE", headers: admin.auth })).status,
    ).toBe(404);
    expect((await server.request(`/api/admin/triggers/${trigger.id}/deliveries`, { headers: admin.auth })).status).toBe(
      404,
    );

    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, admin.id),
          inArray(auditLog.action, ["trigger.created", "trigger.updated", "trigger.deleted"]),
        ),
      )
      .orderBy(auditLog.id);
    expect(audits.map((row) => row.action)).toEqual([
      "trigger.created",
      "trigger.updated",
      "trigger.updated",
      "trigger.deleted",
    ]);
    expect(audits[0]?.metadata).toMatchObject({ trigger_id: trigger.id, text: welcome.text, profile_id: profile.id });
    expect(audits[2]?.metadata).toMatchObject({ active: false, before: { active: true, event: "inactive" } });
  });

  it("refuses invalid triggers with English field errors", async () => {
    const admin = await signedInMember(server, { roles: ["admin"] });
    const notFictional = await signedInMember(server);
    const refused = async (body: Record<string, unknown>) => {
      const response = await server.request("/api/admin/triggers", jsonRequest("POST", body, admin.auth));
      expect(response.status).toBe(422);
      return ((await response.json()) as { errors: Record<string, string[]> }).errors;
    };

    expect(await refused({ ...welcome, name: "", event: "birthday", delay_minutes: 0, text: "  " })).toMatchObject({
      name: [expect.stringMatching(/^The name field/)],
      event: [expect.stringMatching(/^The event field/)],
      delay_minutes: [expect.stringMatching(/^The delay minutes field/)],
      text: [expect.stringMatching(/^The text field/)],
    });
    expect(await refused({ ...welcome, text: "Hey {username}!" })).toEqual({
      text: ["{username} is not a placeholder: use {member}, {profile} or {city}"],
    });
    expect(await refused({ ...welcome, max_per_member: 2 })).toEqual({
      max_per_member: ["A registration trigger can reach a member only once: set the limit to 1"],
    });
    expect(await refused({ ...welcome, profile_uuid: notFictional.uuid })).toEqual({
      profile_uuid: ["Choose one of the fictional profiles."],
    });
    const missing = await server.request("/api/admin/triggers/999999", jsonRequest("PUT", welcome, admin.auth));
    expect(missing.status).toBe(404);
  });

  it("is for admins only: an operator and a member are refused before their body is read", async () => {
    const operator = await signedInMember(server, { roles: ["operator"] });
    const member = await signedInMember(server);
    for (const who of [operator, member]) {
      expect((await server.request("/api/admin/triggers", { headers: who.auth })).status).toBe(403);
      expect((await server.request("/api/admin/triggers", jsonRequest("POST", { nonsense: 1 }, who.auth))).status).toBe(
        403,
      );
    }
    expect((await server.request("/api/admin/triggers")).status).toBe(401);
  });
});

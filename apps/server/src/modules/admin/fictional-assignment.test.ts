import { randomUUID } from "node:crypto";
import { fictionalProfileMessages } from "@velvet/shared/api/admin-fictional";
import { operatorMessages } from "@velvet/shared/api/operator";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { conversationLocks } from "../../platform/db/schema/operator";
import { jsonRequest, signedInMember } from "../../test/factories";
import { createFictionalProfile, memberWritesTo, signedInStaff } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("admin: assigning operators to fictional profiles", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  type Staff = Awaited<ReturnType<typeof signedInStaff>>;
  const assign = (admin: Staff, profileUuid: string, operators: Staff[] | string[]) =>
    server.request(
      `/api/admin/fictional-profiles/${profileUuid}/operators`,
      jsonRequest(
        "PUT",
        { operator_uuids: operators.map((operator) => (typeof operator === "string" ? operator : operator.uuid)) },
        admin.auth,
      ),
    );
  const queueFor = async (staff: Staff, profileUuid: string) => {
    const queue = await (
      await server.request(`/api/operator/queue?profile=${profileUuid}`, { headers: staff.auth })
    ).json();
    return queue.data.map((item: { conversation_uuid: string }) => item.conversation_uuid);
  };
  const profileListFor = async (staff: Staff, username: string) => {
    const list = await (
      await server.request(`/api/operator/profiles?search=${username}`, { headers: staff.auth })
    ).json();
    return list.data.map((card: { username: string }) => card.username);
  };
  const lock = (staff: Staff, conversationUuid: string) =>
    server.request(`/api/operator/conversations/${conversationUuid}/lock`, { method: "POST", headers: staff.auth });
  const reply = (staff: Staff, conversationUuid: string) =>
    server.request(
      `/api/operator/conversations/${conversationUuid}/messages`,
      jsonRequest("POST", { type: "text", text: "Hey you!", client_id: randomUUID() }, staff.auth),
    );

  it("shows an assigned profile's conversations only to its operators and admins, and refuses others the lock", async () => {
    const [admin, assigned, other] = await Promise.all([
      signedInStaff(server, ["admin"]),
      signedInStaff(server),
      signedInStaff(server),
    ]);
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);

    // Unassigned: every operator answers it.
    expect(await queueFor(other, profile.uuid)).toEqual([conversationUuid]);

    const set = await assign(admin, profile.uuid, [assigned]);
    expect(set.status).toBe(200);
    expect((await set.json()).data.operators).toEqual([{ uuid: assigned.uuid, username: assigned.username }]);

    expect(await queueFor(other, profile.uuid)).toEqual([]);
    expect(await profileListFor(other, profile.username)).toEqual([]);
    expect(await queueFor(assigned, profile.uuid)).toEqual([conversationUuid]);
    expect(await profileListFor(assigned, profile.username)).toEqual([profile.username]);
    expect(await queueFor(admin, profile.uuid)).toEqual([conversationUuid]);

    const refused = await lock(other, conversationUuid);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(operatorMessages.notAssigned);
    expect((await reply(other, conversationUuid)).status).toBe(403);
    expect((await lock(assigned, conversationUuid)).status).toBe(201);
    expect((await reply(assigned, conversationUuid)).status).toBe(201);

    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, "fictional_profile.operators_set")));
    expect(audits.map((audit) => audit.metadata)).toEqual([{ operators: [assigned.uuid] }]);
  });

  it("lets admins take an assigned profile's conversation, and an empty list hands it back to everyone", async () => {
    const [admin, assigned, other] = await Promise.all([
      signedInStaff(server, ["admin"]),
      signedInStaff(server),
      signedInStaff(server),
    ]);
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);
    await assign(admin, profile.uuid, [assigned]);
    expect((await lock(admin, conversationUuid)).status).toBe(201);
    await server.request(`/api/operator/conversations/${conversationUuid}/lock`, {
      method: "DELETE",
      headers: admin.auth,
    });

    const cleared = await assign(admin, profile.uuid, []);
    expect((await cleared.json()).data.operators).toEqual([]);
    expect(await queueFor(other, profile.uuid)).toEqual([conversationUuid]);
    expect((await lock(other, conversationUuid)).status).toBe(201);
  });

  it("releases the lock of an operator the profile is taken from, and refuses their reply", async () => {
    const [admin, first, second] = await Promise.all([
      signedInStaff(server, ["admin"]),
      signedInStaff(server),
      signedInStaff(server),
    ]);
    const profile = await createFictionalProfile(server);
    const { conversationUuid } = await memberWritesTo(server, profile);
    expect((await lock(first, conversationUuid)).status).toBe(201);

    await assign(admin, profile.uuid, [second]);
    const locks = await server.context.database.db
      .select()
      .from(conversationLocks)
      .where(eq(conversationLocks.operatorId, first.id));
    expect(locks).toEqual([]);
    expect((await reply(first, conversationUuid)).status).toBe(403);
    expect((await lock(second, conversationUuid)).status).toBe(201);
  });

  it("accepts only accounts with the operator role (422), and lists them for the picker", async () => {
    const [admin, operator] = await Promise.all([signedInStaff(server, ["admin"]), signedInStaff(server)]);
    const member = await signedInMember(server);
    const profile = await createFictionalProfile(server);
    for (const operators of [[member.uuid], [randomUUID()], [operator.uuid, operator.uuid], ["not-a-uuid"]]) {
      const response = await assign(admin, profile.uuid, operators);
      expect(response.status).toBe(422);
      const { errors } = await response.json();
      // A malformed entry is reported on its own index (operator_uuids.0), the others on the list.
      expect(Object.keys(errors).every((field) => field.startsWith("operator_uuids"))).toBe(true);
      expect(Object.values(errors).flat()).toContain(fictionalProfileMessages.operatorsInvalid);
    }
    expect((await assign(admin, member.uuid, [operator])).status).toBe(404);
    const picker = await (
      await server.request("/api/admin/fictional-profiles/operators", { headers: admin.auth })
    ).json();
    const names = picker.data.map((item: { username: string }) => item.username);
    expect(names).toContain(operator.username);
    expect(names).not.toContain(member.username);
    expect((await assign(operator, profile.uuid, [operator])).status).toBe(403);
  });
});

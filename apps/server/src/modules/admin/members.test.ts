import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { creditLedger } from "../../platform/db/schema/credits";
import { giveCredits, jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { findLedgerMismatches } from "../ledger";

describe("admin: members", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const admin = () => signedInMember(server, { roles: ["admin"] });
  const adjust = (auth: Record<string, string>, uuid: string, body: unknown) =>
    server.request(`/api/admin/members/${uuid}/credit-adjustments`, jsonRequest("POST", body, auth));

  it("finds members by the start of their username or email, or by uuid, and shows no secrets", async () => {
    const [boss, member] = await Promise.all([admin(), signedInMember(server)]);
    const byName = await server.request(`/api/admin/members?q=${member.username.slice(0, 6)}`, { headers: boss.auth });
    expect(byName.status).toBe(200);
    expect((await byName.json()).data.map((row: { uuid: string }) => row.uuid)).toContain(member.uuid);
    const byEmail = await (
      await server.request(`/api/admin/members?q=${encodeURIComponent(member.email ?? "")}`, { headers: boss.auth })
    ).json();
    expect(byEmail.data.map((row: { uuid: string }) => row.uuid)).toEqual([member.uuid]);
    const detail = await server.request(`/api/admin/members/${member.uuid}`, { headers: boss.auth });
    expect(detail.status).toBe(200);
    const body = await detail.json();
    expect(body.data).toMatchObject({ uuid: member.uuid, email: member.email, ledger: expect.any(Array) });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|registration_ip/i);
    expect((await server.request(`/api/admin/members/${randomUUID()}`, { headers: boss.auth })).status).toBe(404);
    // Operators answer conversations; member accounts are for admins.
    const operator = await signedInMember(server, { roles: ["operator"] });
    expect((await server.request(`/api/admin/members?q=abc`, { headers: operator.auth })).status).toBe(403);
  });

  it("shows the reports about a member and those they filed, newest first, and nobody else's", async () => {
    const [boss, member, reporter, bystander] = await Promise.all([
      admin(),
      signedInMember(server),
      signedInMember(server),
      signedInMember(server),
    ]);
    const report = (auth: Record<string, string>, reported: string, details: string) =>
      server.request(
        "/api/reports",
        jsonRequest("POST", { reported_uuid: reported, reason: "harassment", details }, auth),
      );
    expect((await report(reporter.auth, member.uuid, "Rude messages to me.")).status).toBeLessThan(300);
    expect((await report(member.auth, reporter.uuid, "They started it.")).status).toBeLessThan(300);
    expect((await report(reporter.auth, bystander.uuid, "Unrelated report.")).status).toBeLessThan(300);
    const detail = await (await server.request(`/api/admin/members/${member.uuid}`, { headers: boss.auth })).json();
    type Row = { details: string; reporter: { uuid: string }; reported: { uuid: string } };
    const against = detail.data.reports_against as Row[];
    const by = detail.data.reports_by as Row[];
    expect(against.map((entry) => entry.details)).toEqual(["Rude messages to me."]);
    expect(against[0]).toMatchObject({ reporter: { uuid: reporter.uuid }, reported: { uuid: member.uuid } });
    expect(by.map((entry) => entry.details)).toEqual(["They started it."]);
    expect(by[0]).toMatchObject({ reporter: { uuid: member.uuid }, reported: { uuid: reporter.uuid } });
  });

  it("adjusts credits with a reason as one ledger row, once per adjustment_id, never below 0, audited", async () => {
    const [boss, member] = await Promise.all([admin(), signedInMember(server)]);
    await giveCredits(server, member, 10);
    const adjustmentId = randomUUID();
    const added = await adjust(boss.auth, member.uuid, {
      amount: 25,
      reason: "Goodwill after a failed payment",
      adjustment_id: adjustmentId,
    });
    expect(added.status).toBe(200);
    expect((await added.json()).data).toEqual({ applied: true, balance: 35 });
    const retried = await adjust(boss.auth, member.uuid, {
      amount: 25,
      reason: "Goodwill after a failed payment",
      adjustment_id: adjustmentId,
    });
    expect((await retried.json()).data).toEqual({ applied: false, balance: 35 });

    const tooMuch = await adjust(boss.auth, member.uuid, {
      amount: -36,
      reason: "Chargeback",
      adjustment_id: randomUUID(),
    });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).errors.amount).toEqual(["The member has only 35 credits to take back."]);
    const taken = await adjust(boss.auth, member.uuid, {
      amount: -5,
      reason: "Chargeback",
      adjustment_id: randomUUID(),
    });
    expect((await taken.json()).data).toEqual({ applied: true, balance: 30 });
    const zero = await adjust(boss.auth, member.uuid, { amount: 0, reason: "Nothing", adjustment_id: randomUUID() });
    expect(zero.status).toBe(422);

    const rows = await server.context.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, member.id), eq(creditLedger.reason, "admin_adjustment")));
    expect(rows.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-5, 25]);
    const audits = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, member.id), eq(auditLog.action, "member.credits_adjusted")));
    expect(audits).toHaveLength(2);
    expect(audits.every((row) => row.actorId === boss.id)).toBe(true);
    expect(await findLedgerMismatches(server.context.database.db)).toEqual([]);
    const me = await (await server.request("/api/me", { method: "POST", headers: member.auth })).json();
    expect(me.data.credits).toBe(30);

    // The member's page shows each adjustment with the reason the admin wrote, newest first.
    const detail = await (await server.request(`/api/admin/members/${member.uuid}`, { headers: boss.auth })).json();
    const adjustments = detail.data.ledger.filter((row: { reason: string }) => row.reason === "admin_adjustment");
    expect(adjustments.map((row: { amount: number; note: string }) => [row.amount, row.note])).toEqual([
      [-5, "Chargeback"],
      [25, "Goodwill after a failed payment"],
    ]);
    expect(detail.data.ledger.filter((row: { reason: string }) => row.reason !== "admin_adjustment")).toEqual(
      expect.arrayContaining([expect.objectContaining({ note: null })]),
    );
  });

  it("deactivates and reactivates a member, audited; the member's account says so", async () => {
    const [boss, member] = await Promise.all([admin(), signedInMember(server)]);
    const off = await server.request(`/api/admin/members/${member.uuid}/deactivate`, {
      method: "POST",
      headers: boss.auth,
    });
    expect(off.status).toBe(200);
    expect((await off.json()).data.deactivated_at).not.toBeNull();
    const me = await (await server.request("/api/me", { method: "POST", headers: member.auth })).json();
    expect(me.data.deactivated).toBe(true);
    const on = await server.request(`/api/admin/members/${member.uuid}/reactivate`, {
      method: "POST",
      headers: boss.auth,
    });
    expect((await on.json()).data.deactivated_at).toBeNull();
    const actions = (
      await server.context.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, member.id))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["member.deactivated_by_admin", "member.reactivated_by_admin"]));
  });
});

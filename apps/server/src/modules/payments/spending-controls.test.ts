import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payments, spendingControls } from "../../platform/db/schema/payments";
import { promotions } from "../../platform/db/schema/promotions";
import { jsonRequest, signedInMember } from "../../test/factories";
import { signedInStaff } from "../../test/operator-factories";
import { insertPayment, packageIdOf } from "../../test/payment-factories";
import { startTestServer, type TestServer } from "../../test/support";
import { formatDay, formatMoment, RAISE_DELAY_MS } from "./spending-controls";

type Member = Awaited<ReturnType<typeof signedInMember>>;
interface Controls {
  monthly_limit_cents: number | null;
  pending_limit: { monthly_limit_cents: number | null; effective_at: string } | null;
  cool_off_until: string | null;
  spent_this_month_cents: number;
  remaining_cents: number | null;
  month_ends_at: string;
}

describe("a member's spending controls", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });
  // Prices below are the catalogue's own: a running promotion on the real calendar must not change them.
  beforeEach(async () => {
    await server.context.database.db.delete(promotions);
    server.context.events.emit("promotions.changed", {});
  });

  const zone = () => server.context.config.siteTimezone;

  async function controls(member: Member): Promise<Controls> {
    const response = await server.request("/api/account/spending-limit", { headers: member.auth });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Controls }).data;
  }

  async function setLimit(member: Member, cents: number | null) {
    return server.request(
      "/api/account/spending-limit",
      jsonRequest("PUT", { monthly_limit_cents: cents }, member.auth),
    );
  }

  async function coolOff(member: Member, days: unknown) {
    return server.request("/api/account/cool-off", jsonRequest("POST", { days }, member.auth));
  }

  async function buy(member: Member, code: string) {
    return server.request(
      "/api/payments",
      jsonRequest("POST", { package_id: await packageIdOf(server, code) }, member.auth),
    );
  }

  async function errorOf(response: Response) {
    expect(response.status).toBe(422);
    return (await response.json()) as { message: string; errors: Record<string, string[]> };
  }

  /** Lets a waiting raise's 24 hours pass, as the clock would. */
  async function letRaiseTakeEffect(member: Member) {
    await server.context.database.db
      .update(spendingControls)
      .set({ pendingLimitEffectiveAt: new Date(Date.now() - 1000) })
      .where(eq(spendingControls.userId, member.id));
  }

  it("writes its dates in the site's time zone, as the messages show them", () => {
    const moment = new Date("2026-12-02T03:05:00Z");
    expect(formatMoment(moment, "Australia/Sydney")).toBe("2 December 2026, 14:05");
    expect(formatDay(new Date("2026-11-30T13:00:00Z"), "Australia/Sydney")).toBe("1 December");
  });

  it("starts with no limit and no break, and counts the month in the site's time zone", async () => {
    const member = await signedInMember(server);
    const state = await controls(member);
    expect(state).toMatchObject({
      monthly_limit_cents: null,
      pending_limit: null,
      cool_off_until: null,
      spent_this_month_cents: 0,
      remaining_cents: null,
    });
    // The next month starts at local midnight on its first day.
    const ends = new Date(state.month_ends_at);
    expect(ends.getTime()).toBeGreaterThan(Date.now());
    expect(formatMoment(ends, zone())).toMatch(/^1 [A-Z][a-z]+ \d{4}, 00:00$/);
    expect((await server.request("/api/account/spending-limit")).status).toBe(401);
  });

  it("applies a first limit and a lower one at once, and a raise only after 24 hours", async () => {
    const member = await signedInMember(server);
    expect((await setLimit(member, 10_000)).status).toBe(200);
    expect(await controls(member)).toMatchObject({
      monthly_limit_cents: 10_000,
      pending_limit: null,
      remaining_cents: 10_000,
    });

    const lowered = (await (await setLimit(member, 5_000)).json()) as { data: Controls };
    expect(lowered.data).toMatchObject({ monthly_limit_cents: 5_000, pending_limit: null });

    const before = Date.now();
    const raised = (await (await setLimit(member, 20_000)).json()) as { data: Controls };
    expect(raised.data.monthly_limit_cents).toBe(5_000);
    expect(raised.data.pending_limit?.monthly_limit_cents).toBe(20_000);
    const effective = new Date(raised.data.pending_limit?.effective_at ?? 0).getTime();
    expect(effective).toBeGreaterThanOrEqual(before + RAISE_DELAY_MS);
    expect(effective).toBeLessThan(Date.now() + RAISE_DELAY_MS + 1000);
    // Until then the old limit holds at checkout.
    expect((await errorOf(await buy(member, "credits-1000"))).errors.package_id).toHaveLength(1);

    await letRaiseTakeEffect(member);
    expect(await controls(member)).toMatchObject({ monthly_limit_cents: 20_000, pending_limit: null });
    expect((await buy(member, "credits-1000")).status).toBe(201);
  });

  it("treats removing the limit as a raise, and a cut while a raise waits cancels the raise", async () => {
    const member = await signedInMember(server);
    await setLimit(member, 5_000);
    const removed = (await (await setLimit(member, null)).json()) as { data: Controls };
    expect(removed.data.monthly_limit_cents).toBe(5_000);
    expect(removed.data.pending_limit).toMatchObject({ monthly_limit_cents: null });

    // A cut while the removal waits: at once, and the removal is gone.
    expect((await (await setLimit(member, 3_000)).json()) as { data: Controls }).toMatchObject({
      data: { monthly_limit_cents: 3_000, pending_limit: null },
    });

    await setLimit(member, null);
    await letRaiseTakeEffect(member);
    expect(await controls(member)).toMatchObject({
      monthly_limit_cents: null,
      pending_limit: null,
      remaining_cents: null,
    });
    expect((await buy(member, "credits-2500")).status).toBe(201);
  });

  it("refuses limits that are not whole cents from 0 to A$100,000", async () => {
    const member = await signedInMember(server);
    for (const bad of [-1, 10.5, "100", 10_000_001]) {
      const response = await server.request(
        "/api/account/spending-limit",
        jsonRequest("PUT", { monthly_limit_cents: bad }, member.auth),
      );
      expect((await errorOf(response)).errors.monthly_limit_cents, String(bad)).toBeDefined();
    }
    expect((await controls(member)).monthly_limit_cents).toBeNull();
  });

  it("refuses a purchase over what is left this month, naming the limit, what is left and until when", async () => {
    const member = await signedInMember(server);
    await setLimit(member, 10_000);
    // Counted: paid this month. Not counted: paid last month, refunded, failed, a checkout abandoned hours ago.
    const paid = await insertPayment(server, member, { code: "credits-1000", status: "paid" });
    await insertPayment(server, member, {
      code: "credits-2500",
      status: "paid",
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    await insertPayment(server, member, { code: "credits-2500", status: "refunded" });
    await insertPayment(server, member, { code: "credits-2500", status: "failed" });
    await insertPayment(server, member, {
      code: "credits-2500",
      status: "pending",
      createdAt: new Date(Date.now() - 2 * 3600_000),
    });

    const state = await controls(member);
    expect(state).toMatchObject({ spent_this_month_cents: 8_995, remaining_cents: 1_005 });
    const until = formatDay(new Date(state.month_ends_at), zone());
    const refused = await errorOf(await buy(member, "credits-250"));
    const message = `This purchase would go over your monthly spending limit of A$100.00. You have A$10.05 left until ${until}.`;
    expect(refused.errors.package_id).toEqual([message]);
    expect(refused.message).toBe(message);
    const [nothingStarted] = await server.context.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.priceCents, 2_995));
    expect(nothingStarted).toBeUndefined();

    // A refund gives the allowance back.
    await server.context.database.db
      .update(payments)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(payments.id, paid.id));
    expect((await buy(member, "credits-250")).status).toBe(201);
    // That checkout, still pending, holds its price: a second quick one cannot spend the same allowance.
    expect((await controls(member)).remaining_cents).toBe(10_000 - 2_995);
    await setLimit(member, 4_000);
    const second = await errorOf(await buy(member, "credits-100"));
    expect(second.errors.package_id?.[0]).toContain("You have A$10.05 left until");
  });

  it("lets only one of several checkouts at once spend the same allowance", async () => {
    const member = await signedInMember(server);
    // Room for one A$29.95 package, not two.
    await setLimit(member, 5_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(member, "credits-250")));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422, 422, 422, 422]);
    const started = await server.context.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.userId, member.id));
    expect(started).toHaveLength(1);
  });

  it("takes a break of 1, 7 or 30 days only, refuses purchases during it, and never shortens it", async () => {
    const member = await signedInMember(server);
    for (const bad of [0, 2, 14, "7", null]) {
      expect((await errorOf(await coolOff(member, bad))).errors.days, String(bad)).toBeDefined();
    }
    const before = Date.now();
    const week = (await (await coolOff(member, 7)).json()) as { data: Controls };
    const until = new Date(week.data.cool_off_until ?? 0);
    expect(until.getTime()).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(until.getTime()).toBeLessThan(Date.now() + 7 * 86_400_000 + 1000);

    const refused = await errorOf(await buy(member, "credits-100"));
    expect(refused.errors.package_id).toEqual([
      `You are taking a break from buying until ${formatMoment(until, zone())}.`,
    ]);

    // Shorter: refused and unchanged. Longer: extended.
    const shorter = await errorOf(await coolOff(member, 1));
    expect(shorter.errors.days?.[0]).toBe(
      `You are already taking a break from buying until ${formatMoment(until, zone())}. A break can be made longer, never shorter.`,
    );
    expect((await controls(member)).cool_off_until).toBe(until.toISOString());
    const month = (await (await coolOff(member, 30)).json()) as { data: Controls };
    expect(new Date(month.data.cool_off_until ?? 0).getTime()).toBeGreaterThan(until.getTime() + 22 * 86_400_000);

    // The limit cannot be used to end it either: removing the limit leaves the break in place.
    await setLimit(member, null);
    expect((await buy(member, "credits-100")).status).toBe(422);

    // Once it is over, buying works again.
    await server.context.database.db
      .update(spendingControls)
      .set({ coolOffUntil: new Date(Date.now() - 1000) })
      .where(eq(spendingControls.userId, member.id));
    expect((await controls(member)).cool_off_until).toBeNull();
    expect((await buy(member, "credits-100")).status).toBe(201);
  });

  it("keeps each member's controls their own", async () => {
    const careful = await signedInMember(server);
    const other = await signedInMember(server);
    await setLimit(careful, 0);
    await coolOff(careful, 30);
    await insertPayment(server, careful, { code: "credits-100", status: "paid" });
    expect(await controls(other)).toMatchObject({
      monthly_limit_cents: null,
      cool_off_until: null,
      spent_this_month_cents: 0,
    });
    expect((await buy(other, "credits-100")).status).toBe(201);
    expect((await buy(careful, "credits-100")).status).toBe(422);
  });

  it("lets an operator acting as the member read the controls but never change them", async () => {
    const member = await signedInMember(server);
    await setLimit(member, 5_000);
    const operator = await signedInStaff(server);
    const issued = await server.request(`/api/admin/users/${member.uuid}/impersonation`, {
      method: "POST",
      headers: operator.auth,
    });
    const { token } = (await issued.json()).data;
    const used = await server.request("/api/impersonate", jsonRequest("POST", { token }));
    const acting = { ...member, auth: { Authorization: `Bearer ${(await used.json()).data.access_token}` } };

    expect((await controls(acting)).monthly_limit_cents).toBe(5_000);
    expect((await setLimit(acting, null)).status).toBe(403);
    expect((await setLimit(acting, 1_000)).status).toBe(403);
    expect((await coolOff(acting, 30)).status).toBe(403);
    expect(await controls(member)).toMatchObject({
      monthly_limit_cents: 5_000,
      pending_limit: null,
      cool_off_until: null,
    });
  });
});

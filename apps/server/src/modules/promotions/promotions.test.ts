import { promoEventNames } from "@velvet/shared/constants/promotions";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config";
import { creditLedger } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { promotions } from "../../platform/db/schema/promotions";
import { abTestEvents } from "../../platform/db/schema/tracking";
import { createMember, jsonRequest, signedInMember, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { findLedgerMismatches } from "../ledger";
import { blackFriday, easterSunday, ensurePromotionCalendar, promotionCalendar } from "./calendar";

describe("the promotion calendar", () => {
  it("finds Easter and Black Friday for any year", () => {
    expect(easterSunday(2025)).toEqual({ year: 2025, month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ year: 2026, month: 4, day: 5 });
    expect(easterSunday(2027)).toEqual({ year: 2027, month: 3, day: 28 });
    expect(blackFriday(2025)).toEqual({ year: 2025, month: 11, day: 28 });
    expect(blackFriday(2026)).toEqual({ year: 2026, month: 11, day: 27 });
    expect(blackFriday(2027)).toEqual({ year: 2027, month: 11, day: 26 });
  });

  it("holds each of the nine events once a year, never two at the same time", () => {
    for (const year of [2026, 2027, 2028, 2029, 2030]) {
      const events = promotionCalendar(year);
      expect(events.map((event) => event.name).sort()).toEqual([...promoEventNames].sort());
      const key = (date: { year: number; month: number; day: number }) =>
        date.year * 10_000 + date.month * 100 + date.day;
      const ordered = [...events].sort((a, b) => key(a.start) - key(b.start));
      ordered.slice(1).forEach((event, index) => {
        const previous = ordered[index];
        if (previous) expect(key(previous.end)).toBeLessThanOrEqual(key(event.start));
      });
      for (const event of events) expect(event.discountPercent > 0 || event.bonusPercent > 0).toBe(true);
    }
  });
});

describe("the calendar at start (SEASONAL_PROMOTIONS)", () => {
  const plantedYears = async (env: Record<string, string>) => {
    const server = await startTestServer(env);
    try {
      const rows = await server.context.database.db.select({ startsAt: promotions.startsAt }).from(promotions);
      return new Set(rows.map((row) => row.startsAt.getUTCFullYear())).size;
    } finally {
      await server.stop();
    }
  };

  it("plants this year's and next year's events by default, and none when set to 0", async () => {
    // The default is the site's: the test suite's servers turn it off so prices never depend on the day.
    expect(loadDefault()).toBe(true);
    expect(await plantedYears({ SEASONAL_PROMOTIONS: "1" })).toBeGreaterThanOrEqual(2);
    expect(await plantedYears({ SEASONAL_PROMOTIONS: "0" })).toBe(0);
  });
});

function loadDefault(): boolean {
  return loadConfig({ NODE_ENV: "development" }).seasonalPromotions;
}

describe("promotions for members", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    expect(await findLedgerMismatches(server.context.database.db)).toEqual([]);
    await server.stop();
  });
  beforeEach(async () => {
    await server.context.database.db.delete(promotions);
    server.context.events.emit("promotions.changed", {});
  });

  const db = () => server.context.database.db;
  const me = async (auth: Record<string, string>) =>
    (await (await server.request("/api/me", { method: "POST", headers: auth })).json()).data;
  async function runPromotion(name: string) {
    await db()
      .insert(promotions)
      .values({
        name,
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 3600_000),
        discountPercent: 40,
      });
    server.context.events.emit("promotions.changed", {});
  }

  it("writes two years of events at local midnight in the site's time zone, once", async () => {
    await ensurePromotionCalendar(db(), "Australia/Sydney", new Date("2026-11-22T00:00:00Z"));
    await ensurePromotionCalendar(db(), "Australia/Sydney", new Date("2026-11-22T00:00:00Z"));
    const rows = await db().select().from(promotions);
    expect(rows).toHaveLength(18);
    const summer = rows.find((row) => row.name === "summer" && row.startsAt.getUTCFullYear() === 2027);
    // Midnight on 2 January in Sydney (UTC+11 in summer) is 13:00 UTC the day before.
    expect(summer?.startsAt.toISOString()).toBe("2027-01-01T13:00:00.000Z");
    const solstice = rows.find((row) => row.name === "solstice" && row.startsAt.getUTCFullYear() === 2026);
    // Winter: UTC+10.
    expect(solstice?.startsAt.toISOString()).toBe("2026-06-18T14:00:00.000Z");
  });

  it("puts the running event on the current user, and nothing between events or for review accounts", async () => {
    const member = await signedInMember(server);
    expect((await me(member.auth)).eventName).toBeNull();
    await runPromotion("halloween");
    expect((await me(member.auth)).eventName).toBe("halloween");

    const reviewer = await createMember(server);
    await db().update(users).set({ isReviewAccount: true }).where(eq(users.id, reviewer.id));
    const reviewerAuth = (await signIn(server, reviewer.email ?? "", reviewer.password)).authorization;
    const seen = await me(reviewerAuth);
    expect(seen.eventName).toBeNull();
    expect(seen.features.promoBadge).toBeNull();
  });

  it("assigns every member a promo-badge group, the same on every call, half and half", async () => {
    const groups: string[] = [];
    for (let index = 0; index < 16; index++) {
      const member = await signedInMember(server);
      const first = (await me(member.auth)).features.promoBadge;
      expect(["v1", "v2"]).toContain(first);
      expect((await me(member.auth)).features.promoBadge).toBe(first);
      groups.push(first);
    }
    expect(new Set(groups)).toEqual(new Set(["v1", "v2"]));
  });

  it("records A/B events only while an event runs, and only for the member's own group", async () => {
    const member = await signedInMember(server);
    const group = (await me(member.auth)).features.promoBadge as "v1" | "v2";
    const other = group === "v1" ? "v2" : "v1";
    const send = (body: unknown, auth: Record<string, string> = member.auth) =>
      server.request("/api/ab-test-events", jsonRequest("POST", body, auth));

    const early = await send({ ab_test_type: "promo_badge", group, value: "viewed" });
    expect(early.status).toBe(422);
    expect((await early.json()).errors).toEqual({ ab_test_type: ["There is no promotion running right now."] });

    await runPromotion("summer");
    expect((await send({ ab_test_type: "promo_badge", group: other, value: "viewed" })).status).toBe(422);
    expect((await send({ ab_test_type: "another_test", group, value: "viewed" })).status).toBe(422);
    expect((await send({ ab_test_type: "promo_badge", group, value: "seen" })).status).toBe(422);
    expect((await server.request("/api/ab-test-events", jsonRequest("POST", {}))).status).toBe(401);
    expect((await send({ ab_test_type: "promo_badge", group, value: "viewed" })).status).toBe(204);
    expect((await send({ ab_test_type: "promo_badge", group, value: "clicked" })).status).toBe(204);
    const rows = await db().select().from(abTestEvents).where(eq(abTestEvents.userId, member.id));
    expect(rows.map((row) => [row.abTestType, row.groupName, row.value, row.eventName])).toEqual([
      ["promo_badge", group, "viewed", "summer"],
      ["promo_badge", group, "clicked", "summer"],
    ]);
  });

  it("offers free credits once to a member who starts deleting their account, recorded in the ledger", async () => {
    const member = await signedInMember(server);
    expect((await me(member.auth)).has_account_deletion_promo).toBe(true);
    const unverified = await signedInMember(server, { verified: false });
    expect((await me(unverified.auth)).has_account_deletion_promo).toBe(false);
    expect(
      (await server.request("/api/account/deletion-offer", { method: "POST", headers: unverified.auth })).status,
    ).toBe(403);

    const claims = await Promise.all(
      [0, 1].map(() => server.request("/api/account/deletion-offer", { method: "POST", headers: member.auth })),
    );
    expect(claims.map((response) => response.status).sort()).toEqual([200, 403]);
    const granted = await Promise.all(claims.map((response) => response.json()));
    expect(granted).toContainEqual({ data: { credits: 100, balance: 100 } });
    expect(granted).toContainEqual({ message: "This offer is no longer available." });
    const user = await me(member.auth);
    expect(user).toMatchObject({ credits: 100, has_account_deletion_promo: false });
    const rows = await db()
      .select({ amount: creditLedger.amount })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, member.id), eq(creditLedger.reason, "deletion_offer")));
    expect(rows).toEqual([{ amount: 100 }]);
  });
});

import { promotionAdminMessages } from "@velvet/shared/api/admin-promotions";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { promotions } from "../../platform/db/schema/promotions";
import { jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { currentPromotion, ensurePromotionCalendar } from "../promotions";

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe("admin: promotions", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signedInMember(server, { roles: ["admin"] });
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    await server.context.database.db.delete(promotions);
    server.context.events.emit("promotions.changed", {});
  });

  const create = (body: Record<string, unknown>) =>
    server.request("/api/admin/promotions", jsonRequest("POST", body, admin.auth));
  const window = (overrides: Record<string, unknown> = {}) => ({
    name: "easter",
    starts_at: at(HOUR),
    ends_at: at(3 * HOUR),
    discount_percent: 0,
    bonus_percent: 40,
    ...overrides,
  });
  const eventName = async (auth: Record<string, string>) =>
    (await (await server.request("/api/me", { method: "POST", headers: auth })).json()).data.eventName;

  it("adds, lists, changes and removes windows, each audited", async () => {
    const created = await create(window());
    expect(created.status).toBe(201);
    const { data } = await created.json();
    expect(data).toMatchObject({ name: "easter", bonus_percent: 40, status: "upcoming" });

    const changed = await server.request(
      `/api/admin/promotions/${data.id}`,
      jsonRequest("PUT", window({ name: "patricks", bonus_percent: 50 }), admin.auth),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).data).toMatchObject({ id: data.id, name: "patricks", bonus_percent: 50 });

    await server.context.database.db.insert(promotions).values({
      name: "summer",
      startsAt: new Date(Date.now() - 10 * HOUR),
      endsAt: new Date(Date.now() - 5 * HOUR),
      discountPercent: 40,
    });
    const upcoming = await (await server.request("/api/admin/promotions", { headers: admin.auth })).json();
    expect(upcoming.data.map((item: { name: string }) => item.name)).toEqual(["patricks"]);
    const all = await (await server.request("/api/admin/promotions?include_ended=1", { headers: admin.auth })).json();
    expect(all.data.map((item: { name: string; status: string }) => `${item.name}:${item.status}`)).toEqual([
      "summer:ended",
      "patricks:upcoming",
    ]);

    const removed = await server.request(
      `/api/admin/promotions/${data.id}`,
      jsonRequest("DELETE", undefined, admin.auth),
    );
    expect((await removed.json()).data).toEqual({ deleted: true });
    expect(
      (await server.request(`/api/admin/promotions/${data.id}`, jsonRequest("DELETE", undefined, admin.auth))).status,
    ).toBe(404);
    expect(
      (await server.request("/api/admin/promotions/999999", jsonRequest("PUT", window(), admin.auth))).status,
    ).toBe(404);

    const audits = await server.context.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    const actions = audits.map((audit) => audit.action).filter((action) => action.startsWith("promotion."));
    expect(actions).toEqual(["promotion.created", "promotion.updated", "promotion.deleted"]);
    const update = audits.find((audit) => audit.action === "promotion.updated");
    expect(update?.metadata).toMatchObject({ id: data.id, from: { name: "easter" }, to: { name: "patricks" } });
  });

  it("refuses a window overlapping another, an end not after the start, unknown events and no offer (422)", async () => {
    const first = await (await create(window())).json();
    const overlapping = await create(window({ name: "xmas", starts_at: at(2 * HOUR), ends_at: at(5 * HOUR) }));
    expect(overlapping.status).toBe(422);
    const body = await overlapping.json();
    expect(body.errors.starts_at[0]).toMatch(/^This window overlaps another promotion: easter from /);
    // Touching windows do not overlap.
    const next = await create(window({ name: "xmas", starts_at: first.data.ends_at, ends_at: at(5 * HOUR) }));
    expect(next.status).toBe(201);
    const { data: second } = await next.json();
    // Moving a window onto another is an overlap too; keeping its own place is not.
    const moved = await server.request(
      `/api/admin/promotions/${second.id}`,
      jsonRequest("PUT", window({ name: "xmas", starts_at: at(2 * HOUR), ends_at: at(5 * HOUR) }), admin.auth),
    );
    expect(moved.status).toBe(422);
    const kept = await server.request(
      `/api/admin/promotions/${second.id}`,
      jsonRequest("PUT", window({ name: "xmas", starts_at: second.starts_at, ends_at: at(6 * HOUR) }), admin.auth),
    );
    expect(kept.status).toBe(200);

    // One instant for both: two calls of `at` a millisecond apart made a valid window (CI once got 201 here).
    const instant = at(20 * HOUR);
    const backwards = await create(window({ starts_at: instant, ends_at: instant }));
    expect((await backwards.json()).errors.ends_at).toEqual([promotionAdminMessages.endsBeforeStart]);
    const unknown = await create(window({ name: "birthday", starts_at: at(30 * HOUR), ends_at: at(31 * HOUR) }));
    expect(Object.keys((await unknown.json()).errors)).toEqual(["name"]);
    const tooMuch = await create(
      window({ discount_percent: 95, bonus_percent: 300, starts_at: at(30 * HOUR), ends_at: at(31 * HOUR) }),
    );
    expect(Object.keys((await tooMuch.json()).errors).sort()).toEqual(["bonus_percent", "discount_percent"]);
    const noOffer = await create(window({ bonus_percent: 0, starts_at: at(30 * HOUR), ends_at: at(31 * HOUR) }));
    expect((await noOffer.json()).errors.discount_percent).toEqual([promotionAdminMessages.noOffer]);
    expect((await create({ ...window(), starts_at: "tomorrow" })).status).toBe(422);
  });

  it("applies an edit of the running promotion on the very next request", async () => {
    const member = await signedInMember(server);
    expect(await eventName(member.auth)).toBeNull();
    const running = await (
      await create(window({ name: "halloween", starts_at: at(-HOUR), ends_at: at(HOUR), discount_percent: 40 }))
    ).json();
    expect(await eventName(member.auth)).toBe("halloween");
    // Read once more so the running promotion sits in the process cache before the edit.
    expect((await currentPromotion(server.context))?.name).toBe("halloween");

    await server.request(
      `/api/admin/promotions/${running.data.id}`,
      jsonRequest(
        "PUT",
        window({ name: "summer", starts_at: at(-HOUR), ends_at: at(HOUR), discount_percent: 40 }),
        admin.auth,
      ),
    );
    expect(await eventName(member.auth)).toBe("summer");
    await server.request(`/api/admin/promotions/${running.data.id}`, jsonRequest("DELETE", undefined, admin.auth));
    expect(await eventName(member.auth)).toBeNull();
  });

  it("keeps an admin's changes when the calendar is written again at the next start", async () => {
    const db = server.context.database.db;
    const now = new Date("2026-11-22T00:00:00Z");
    await ensurePromotionCalendar(db, "Australia/Sydney", now);
    const [xmas] = await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.name, "xmas"), eq(promotions.startsAt, new Date("2026-12-17T13:00:00Z"))));
    expect(xmas).toBeDefined();
    await server.request(`/api/admin/promotions/${xmas?.id}`, jsonRequest("DELETE", undefined, admin.auth));
    await ensurePromotionCalendar(db, "Australia/Sydney", now);
    const rows = await db.select().from(promotions);
    expect(rows).toHaveLength(17);
    expect(rows.some((row) => row.name === "xmas" && row.startsAt.getUTCFullYear() === 2026)).toBe(false);
  });

  it("is for admins only", async () => {
    const operator = await signedInMember(server, { roles: ["operator"] });
    expect((await server.request("/api/admin/promotions", { headers: operator.auth })).status).toBe(403);
  });
});

import type { TCreditPackage } from "@velvet/shared/api/credits";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  promoBadgeEvent,
  promoBadgeLabel,
  promoOffer,
  scheduleViewedEvent,
  showsPromoBadge,
  viewedEventFor,
} from "./promo-rules";

const member = (eventName: string | null, promoBadge: "v1" | "v2" | null) =>
  ({ eventName, features: { promoBadge, muteUserNotifications: false } }) as Parameters<typeof showsPromoBadge>[0];

const pack = (credits: number, extra: Partial<TCreditPackage> = {}): TCreditPackage => ({
  id: credits,
  kind: "credits",
  name: `${credits}`,
  credits,
  bonus_credits: 0,
  price: "10.00",
  currency: "AUD",
  regular_price: null,
  promo_bonus_credits: 0,
  vip_bonus_credits: 0,
  duration_hours: null,
  highlight: null,
  ...extra,
});

describe("the promo badge and its A/B events", () => {
  it("shows '-40%' only for summer or halloween, and only to group v1", () => {
    expect(showsPromoBadge(member("summer", "v1"))).toBe(true);
    expect(showsPromoBadge(member("halloween", "v1"))).toBe(true);
    expect(showsPromoBadge(member("halloween", "v2"))).toBe(false);
    expect(showsPromoBadge(member("xmas", "v1"))).toBe(false);
    expect(showsPromoBadge(member(null, "v1"))).toBe(false);
    expect(showsPromoBadge(member("summer", null))).toBe(false);
    expect(showsPromoBadge(null)).toBe(false);
  });

  it("labels the badge with the running promotion's real offer, never a fixed -40%", () => {
    expect(promoBadgeLabel({ discount_percent: 40, bonus_percent: 0 })).toBe("-40%");
    expect(promoBadgeLabel({ discount_percent: 25, bonus_percent: 0 })).toBe("-25%");
    expect(promoBadgeLabel({ discount_percent: 0, bonus_percent: 40 })).toBe("+40% credits");
    expect(promoBadgeLabel({ discount_percent: 10, bonus_percent: 20 })).toBe("-10% +20% credits");
    expect(promoBadgeLabel({ discount_percent: 0, bonus_percent: 0 })).toBeNull();
    expect(promoBadgeLabel(null)).toBeNull();
  });

  it("sends an event only when both the variant and the event name exist", () => {
    expect(promoBadgeEvent(member("summer", "v2"), "clicked")).toEqual({
      ab_test_type: "promo_badge",
      group: "v2",
      value: "clicked",
    });
    expect(promoBadgeEvent(member("xmas", "v1"), "viewed")).toEqual({
      ab_test_type: "promo_badge",
      group: "v1",
      value: "viewed",
    });
    expect(promoBadgeEvent(member(null, "v1"), "viewed")).toBeNull();
    expect(promoBadgeEvent(member("summer", null), "viewed")).toBeNull();
    expect(promoBadgeEvent(null, "viewed")).toBeNull();
  });

  it("counts 'viewed' on /dashboard only", () => {
    expect(viewedEventFor(member("summer", "v1"), "/dashboard")?.value).toBe("viewed");
    expect(viewedEventFor(member("summer", "v1"), "/messages")).toBeNull();
    expect(viewedEventFor(member(null, "v1"), "/dashboard")).toBeNull();
  });
});

describe("the 'viewed' event's timing", () => {
  afterEach(() => vi.useRealTimers());

  it("fires 2 seconds after arriving on /dashboard, not before", () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    scheduleViewedEvent(member("summer", "v1"), "/dashboard", (event) => sent.push(event));
    vi.advanceTimersByTime(1999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ ab_test_type: "promo_badge", group: "v1", value: "viewed" }]);
  });

  it("does not fire when the member leaves within 2 seconds, or without an event", () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    const cancel = scheduleViewedEvent(member("halloween", "v2"), "/dashboard", (event) => sent.push(event));
    vi.advanceTimersByTime(1500);
    cancel();
    scheduleViewedEvent(member(null, "v2"), "/dashboard", (event) => sent.push(event));
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
  });
});

describe("the promotion popup's promise", () => {
  const window = { starts_at: "2026-01-02T00:00:00Z", ends_at: "2026-02-09T00:00:00Z" };

  it("says 'up to 2500 credits' for a price cut on packages up to 2,500", () => {
    const shelf = [pack(100, { regular_price: "14.95" }), pack(2500, { regular_price: "199.95" })];
    expect(promoOffer({ name: "summer", discount_percent: 40, bonus_percent: 0, ...window }, shelf)).toMatchObject({
      headline: "up to 2500 credits",
      present: 2500,
    });
  });

  it("says '+1000 credits' when the largest package gets 1,000 extra", () => {
    const shelf = [pack(100, { promo_bonus_credits: 40 }), pack(2500, { promo_bonus_credits: 1000 })];
    expect(promoOffer({ name: "xmas", discount_percent: 0, bonus_percent: 40, ...window }, shelf)).toMatchObject({
      headline: "+1000 credits",
      present: 1000,
    });
    expect(promoOffer({ name: "xmas", discount_percent: 0, bonus_percent: 40, ...window }, [pack(100)])).toBeNull();
  });
});

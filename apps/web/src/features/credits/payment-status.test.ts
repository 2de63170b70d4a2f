import { describe, expect, it } from "vitest";
import { isSettled, paidSummary, pollInterval } from "./payment-status";

describe("the payment status page", () => {
  it("polls while pending, quickly at first, and stops once settled", () => {
    expect(isSettled("pending")).toBe(false);
    expect(pollInterval(undefined, 0)).toBe(2_000);
    expect(pollInterval("pending", 10_000)).toBe(2_000);
    expect(pollInterval("pending", 120_000)).toBe(15_000);
    for (const status of ["paid", "failed", "refunded", "charged_back"] as const) {
      expect(isSettled(status)).toBe(true);
      expect(pollInterval(status, 0)).toBe(false);
    }
  });

  it("says what a paid payment gave", () => {
    const none = { promo_bonus_credits: 0, vip_bonus_credits: 0 };
    expect(paidSummary({ kind: "credits", credits: 1200, ...none })).toBe("1,200 credits were added to your balance.");
    expect(paidSummary({ kind: "credits", credits: 575, promo_bonus_credits: 200, vip_bonus_credits: 100 })).toBe(
      "875 credits were added to your balance.",
    );
    expect(paidSummary({ kind: "pass", credits: 0, ...none })).toMatch(/24-hour pass is active/);
    expect(paidSummary({ kind: "vip", credits: 200, ...none })).toMatch(/^Welcome to VIP/);
  });
});

import type { TCreditPackage } from "@velvet/shared/api/credits";
import { describe, expect, it } from "vitest";
import { centsFromDollars, centsOf, formatPrice, gstOf, perCredit, totalCredits } from "./money";

const item: TCreditPackage = {
  id: 5,
  kind: "credits",
  name: "Ultimate",
  credits: 2500,
  bonus_credits: 625,
  price: "199.95",
  currency: "AUD",
  regular_price: null,
  promo_bonus_credits: 1000,
  vip_bonus_credits: 500,
  duration_hours: null,
  highlight: "Best value",
};

describe("money on the credit store", () => {
  it("reads and shows prices as text, in Australian dollars", () => {
    expect(centsOf("49.95")).toBe(4995);
    expect(centsOf("8.5")).toBe(850);
    expect(centsOf("12")).toBe(1200);
    expect(formatPrice("49.95", "AUD")).toBe("A$49.95");
    expect(formatPrice("10.00", "NZD")).toBe("10.00 NZD");
  });

  it("finds the GST included in a price (one eleventh)", () => {
    expect(gstOf("49.95")).toBe("4.54");
    expect(gstOf("11.00")).toBe("1.00");
  });

  it("counts every credit of a purchase, and what each costs", () => {
    expect(totalCredits(item)).toBe(4625);
    expect(perCredit(item)).toBe("4.3c per credit");
    expect(
      perCredit({ ...item, kind: "pass", credits: 0, bonus_credits: 0, promo_bonus_credits: 0, vip_bonus_credits: 0 }),
    ).toBeNull();
  });
});

describe("a spending limit typed in dollars", () => {
  it("reads whole dollars and cents as text, and nothing else", () => {
    expect(centsFromDollars("100")).toBe(10_000);
    expect(centsFromDollars(" 49.95 ")).toBe(4_995);
    expect(centsFromDollars("0.5")).toBe(50);
    expect(centsFromDollars("0")).toBe(0);
    for (const bad of ["", "-5", "1.234", "A$10", "1e3", "10,000", "1234567"])
      expect(centsFromDollars(bad), bad).toBeNull();
  });
});

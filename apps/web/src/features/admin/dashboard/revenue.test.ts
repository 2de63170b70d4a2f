import { describe, expect, it } from "vitest";
import { revenueByDay, revenueByPackage } from "./revenue";

const rows = [
  { day: "2026-03-12", package_name: "Gold", payments: 2, cents: 9990 },
  { day: "2026-03-11", package_name: "Starter", payments: 1, cents: 1995 },
  { day: "2026-03-12", package_name: "Starter", payments: 3, cents: 5985 },
];

describe("dashboard revenue", () => {
  it("adds each day's packages together, oldest day first", () => {
    expect(revenueByDay(rows)).toEqual([
      { day: "2026-03-11", cents: 1995, payments: 1 },
      { day: "2026-03-12", cents: 15975, payments: 5 },
    ]);
  });

  it("adds each package's days together, the largest revenue first", () => {
    expect(revenueByPackage(rows)).toEqual([
      { packageName: "Gold", cents: 9990, payments: 2 },
      { packageName: "Starter", cents: 7980, payments: 4 },
    ]);
  });
});

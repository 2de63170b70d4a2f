import { describe, expect, it } from "vitest";
import { creditsText, priceOf } from "./prices";

const prices = [
  { type: "text" as const, credits: 1 },
  { type: "image" as const, credits: 2 },
  { type: "wink" as const, credits: 0 },
];

describe("message prices", () => {
  it("come from the price list", () => {
    expect(priceOf(prices, "text", false)).toBe(1);
    expect(priceOf(prices, "image", false)).toBe(2);
    expect(priceOf(undefined, "text", false)).toBeNull();
  });

  it("are free for text and winks with the 24-hour pass, but not for photos", () => {
    expect(priceOf(prices, "text", true)).toBe(0);
    expect(priceOf(prices, "image", true)).toBe(2);
  });

  it("read as credits", () => {
    expect([0, 1, 2].map(creditsText)).toEqual(["Free", "1 credit", "2 credits"]);
  });
});

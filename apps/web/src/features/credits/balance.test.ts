import { describe, expect, it } from "vitest";
import { balanceLabel } from "./balance";

describe("the balance", () => {
  it("shows the credits, and 0 when they are not positive (spec §9)", () => {
    expect(balanceLabel({ credits: 98, has_unli_message: false })).toBe("98");
    expect(balanceLabel({ credits: 0, has_unli_message: false })).toBe("0");
    expect(balanceLabel({ credits: -3, has_unli_message: false })).toBe("0");
  });

  it("shows '24h' with the unlimited-message pass", () => {
    expect(balanceLabel({ credits: 5, has_unli_message: true })).toBe("24h");
  });
});

import { describe, expect, it } from "vitest";
import { returnOutcome } from "./trustpay-return";

describe("TrustPay's return to /trustpay-status", () => {
  it("reads its result code as success, pending, declined or cancelled", () => {
    expect(returnOutcome("0")).toBe("success");
    for (const code of ["1", "2", "3", "4", "5"]) expect(returnOutcome(code)).toBe("pending");
    expect(returnOutcome("1005")).toBe("cancelled");
    for (const code of ["1001", "1004", "1014", "1100"]) expect(returnOutcome(code)).toBe("declined");
  });

  it("has no outcome without a code, or with something that is not one", () => {
    expect(returnOutcome(null)).toBeNull();
    expect(returnOutcome("")).toBeNull();
    expect(returnOutcome("ok")).toBeNull();
    expect(returnOutcome("-1")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { resendOutcome } from "./resend-outcome";

describe("asking for the confirmation link again", () => {
  it("names the address the new link went to", () => {
    expect(resendOutcome({ message: "We have sent you a new verification link." }, "sam@example.com")).toEqual({
      tone: "success",
      text: "We sent a new link to sam@example.com.",
    });
  });

  it("says how long to wait when the hourly limit is reached, from Retry-After", () => {
    const limited = (seconds: number | null) =>
      resendOutcome(new ApiError(429, "Too many requests. Please slow down.", {}, seconds), "a@b.c").text;
    expect(limited(2_400)).toBe("We already sent a few links. You can ask for another one in 40 minutes.");
    expect(limited(30)).toBe("We already sent a few links. You can ask for another one in 1 minute.");
    expect(limited(null)).toBe("We already sent a few links. You can ask for another one later.");
  });

  it("passes the server's reason on, and says what to do when the network failed", () => {
    expect(resendOutcome(new ApiError(403, "This account has been suspended."), "a@b.c").text).toBe(
      "This account has been suspended.",
    );
    expect(resendOutcome(new TypeError("Failed to fetch"), "a@b.c").tone).toBe("error");
  });
});

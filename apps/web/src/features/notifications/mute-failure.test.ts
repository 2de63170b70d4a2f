import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { muteFailureMessage } from "./mute-failure";

describe("the mute failure toast", () => {
  it("shows the server's message for a 422", () => {
    expect(muteFailureMessage(new ApiError(422, "You cannot mute your own notifications."))).toBe(
      "You cannot mute your own notifications.",
    );
  });

  it("says 'Failed to mute notifications.' for anything else", () => {
    expect(muteFailureMessage(new ApiError(500, "Internal Server Error"))).toBe("Failed to mute notifications.");
    expect(muteFailureMessage(new ApiError(422, ""))).toBe("Failed to mute notifications.");
    expect(muteFailureMessage(new TypeError("Failed to fetch"))).toBe("Failed to mute notifications.");
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { sendFailure } from "./send-failure";

describe("a failed send", () => {
  it("offers credits on 402", () => {
    expect(sendFailure(new ApiError(402, "Not enough credits"))).toEqual({
      message: "Not enough credits",
      needsCredits: true,
      needsConfirmedEmail: false,
    });
  });

  it("shows the server's words for a refusal or a field error", () => {
    expect(sendFailure(new ApiError(403, "You cannot send messages to this member."))).toEqual({
      message: "You cannot send messages to this member.",
      needsCredits: false,
      needsConfirmedEmail: false,
    });
    expect(sendFailure(new ApiError(422, "Invalid", { photo: ["This image cannot be sent."] })).message).toBe(
      "This image cannot be sent.",
    );
  });

  it("says an unconfirmed address is why, so no retry is offered", () => {
    expect(sendFailure(new ApiError(403, "Please verify your email address."))).toEqual({
      message: "Confirm your email to send messages.",
      needsCredits: false,
      needsConfirmedEmail: true,
    });
  });

  it("blames the connection when the request never got an answer", () => {
    expect(sendFailure(new TypeError("Failed to fetch")).message).toBe(
      "Not sent. Check your connection and try again.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { signInAgainPath } from "./sign-in-again";

describe("the way to sign in again", () => {
  it("carries the page to come back to and, when the session ended elsewhere, the reason", () => {
    expect(signInAgainPath("/messages?page=2", true)).toBe("/login?redirect=%2Fmessages%3Fpage%3D2&reason=signed-out");
    expect(signInAgainPath("/operator", false)).toBe("/login?redirect=%2Foperator");
  });

  it("drops a way back that is no page to return to, or not ours", () => {
    expect(signInAgainPath("/login", true)).toBe("/login?reason=signed-out");
    expect(signInAgainPath("//evil.example", false)).toBe("/login");
  });
});

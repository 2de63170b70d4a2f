import { describe, expect, it } from "vitest";
import { destinationAfterLogin } from "./post-login";

describe("after sign-in", () => {
  const complete = { profile_complete: true, deactivated: false, scope: ["member" as const] };
  const incomplete = { profile_complete: false, deactivated: false, scope: ["member" as const] };

  it("returns to the page first tried when it is a safe relative path", () => {
    expect(destinationAfterLogin(complete, "/messages?page=2")).toBe("/messages?page=2");
    expect(destinationAfterLogin(incomplete, "/my-visitors")).toBe("/my-visitors");
  });

  it("refuses open redirects and falls back to /profile/complete or /dashboard", () => {
    for (const hostile of ["//evil.example", "https://evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const destination = destinationAfterLogin(complete, hostile);
      expect(new URL(destination, "https://site.invalid").origin).toBe("https://site.invalid");
    }
    expect(destinationAfterLogin(complete, "//evil.example")).toBe("/dashboard");
    expect(destinationAfterLogin(incomplete, "https://evil.example")).toBe("/profile/complete");
    expect(destinationAfterLogin(incomplete, null)).toBe("/profile/complete");
    expect(destinationAfterLogin(complete, null)).toBe("/dashboard");
  });

  it("sends a deactivated member to /deactivated", () => {
    expect(destinationAfterLogin({ ...complete, deactivated: true }, "/messages")).toBe("/deactivated");
  });

  it("sends staff to their console, never to /profile/complete, unless a page asked for them", () => {
    const operator = { ...incomplete, scope: ["member" as const, "operator" as const] };
    const admin = { ...incomplete, scope: ["member" as const, "operator" as const, "admin" as const] };
    expect(destinationAfterLogin(operator, null)).toBe("/operator");
    expect(destinationAfterLogin({ ...admin, scope: ["admin" as const] }, null)).toBe("/admin");
    expect(destinationAfterLogin(admin, null)).toBe("/admin");
    expect(destinationAfterLogin(operator, "/operator/tickets")).toBe("/operator/tickets");
  });
});

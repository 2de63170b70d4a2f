import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, REDACTED, redactUrl } from "./logger";

describe("redactUrl", () => {
  it("hides secret query values and keeps the rest", () => {
    expect(redactUrl("/confirm-email?token=abc123&x=28")).toBe(`/confirm-email?token=${REDACTED}&x=28`);
    expect(redactUrl("/?impersonate_token=zzz")).toBe(`/?impersonate_token=${REDACTED}`);
    expect(redactUrl("/apps/1/events?auth_key=k&auth_signature=deadbeef&body_md5=1")).toBe(
      `/apps/1/events?auth_key=k&auth_signature=${REDACTED}&body_md5=1`,
    );
    expect(redactUrl("/dashboard?custom1=secret-value")).toBe(`/dashboard?custom1=${REDACTED}`);
    expect(redactUrl("/api/health")).toBe("/api/health");
  });

  it("hides the payment sign-in value carried in the path", () => {
    expect(redactUrl("/api/payment/auth/very-secret?x=1")).toBe(`/api/payment/auth/${REDACTED}?x=1`);
  });

  it("hides keys written with percent-escapes or upper case", () => {
    expect(redactUrl("/x?%74oken=abc")).toBe(`/x?%74oken=${REDACTED}`);
    expect(redactUrl("/x?TOKEN=abc")).toBe(`/x?TOKEN=${REDACTED}`);
  });
});

describe("logger", () => {
  it("never writes passwords, tokens or authorization headers", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const logger = createLogger("info", sink);
    logger.info({ body: { password: "hunter2-secret", token: "tok-secret" } }, "attempt");
    logger.info(
      {
        req: {
          id: "1",
          method: "GET",
          url: "/reset-password?token=reset-secret",
          headers: { authorization: "Bearer jwt-secret" },
        },
      },
      "req",
    );
    const output = lines.join("");
    for (const secret of ["hunter2-secret", "tok-secret", "reset-secret", "jwt-secret"])
      expect(output).not.toContain(secret);
    expect(output).toContain(REDACTED);
  });
});

import { describe, expect, it } from "vitest";
import { secretsIn } from "./log-secrets";

describe("the log secret scan", () => {
  it("finds each kind of secret", () => {
    const lines = [
      '{"msg":"x","token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"}',
      '{"body":{"password":"hunter2-is-long"}}',
      '{"url":"/reset-password?token=abcdef1234567890&email=a%40b.c"}',
      '{"cookie":"velvet_refresh=abc.def-ghi123456"}',
      '{"url":"/apps/1/events?auth_signature=0123456789abcdef0123456789abcdef01234567"}',
      '{"headers":{"authorization":"Bearer abc"}}',
      '{"msg":"velvet-test-password-42"}',
      '{"err":{"message":"Failed query: select 1 where email = $1\\nparams: someone@example.com"}}',
      '{"detail":"$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"}',
      '{"token_hash":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}',
    ];
    expect(lines.map((line) => secretsIn(line).length)).toEqual(lines.map(() => 1));
  });

  it("passes redacted values and ordinary lines", () => {
    const log = [
      '{"url":"/reset-password?token=[redacted]&email=[redacted]"}',
      '{"body":{"password":"[redacted]"}}',
      '{"url":"/apps/1/events?auth_signature=[redacted]"}',
      '{"headers":{"authorization":"[redacted]"}}',
      '{"msg":"request completed","statusCode":200,"responseTime":3.2}',
    ].join("\n");
    expect(secretsIn(log)).toEqual([]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ValidateOptions, validate } from "../validate";
import { isEmailAddress } from "./text";

function messageOf(value: unknown, rules: string | Parameters<typeof validate>[1], options: ValidateOptions = {}) {
  const result = validate(value, rules, { field: "answer", ...options });
  return result.valid ? null : result.message;
}

describe("email", () => {
  it("passes a valid address and fails others with the catalogue message", () => {
    expect(messageOf("jane.doe+au@example.com.au", "email")).toBeNull();
    for (const bad of ["jane", "jane@", "@example.com", "jane@example", "jane doe@example.com"]) {
      expect(messageOf(bad, "email")).toBe("The answer field must be a valid email");
    }
  });

  it("uses the custom message on a field named email (spec §5)", () => {
    expect(messageOf("nope", "email", { field: "email" })).toBe("Please fill in a valid email address");
  });

  it("allows a local part of 64 characters but not 65", () => {
    expect(isEmailAddress(`${"a".repeat(64)}@example.com`)).toBe(true);
    expect(isEmailAddress(`${"a".repeat(65)}@example.com`)).toBe(false);
  });

  it("allows a domain of 254 characters but not 255, beyond the usual 254-character cap on the whole address", () => {
    const domainOf = (length: number) => {
      const labels = ["a".repeat(63), "b".repeat(63), "c".repeat(63)];
      const rest = length - (63 * 3 + 3) - 3; // three dots before the last label, ".au" at the end
      return `${labels.join(".")}.${"d".repeat(rest)}.au`;
    };
    expect(domainOf(254)).toHaveLength(254);
    expect(isEmailAddress(`${"x".repeat(64)}@${domainOf(254)}`)).toBe(true);
    expect(isEmailAddress(`x@${domainOf(255)}`)).toBe(false);
  });

  it("email:multiple takes a comma-separated list, every address valid", () => {
    expect(messageOf("a@example.com, b@example.org", "email:multiple")).toBeNull();
    expect(messageOf("a@example.com, b@", "email:multiple")).toBe("The answer field must be a valid email");
    expect(messageOf("a@example.com, b@example.org", "email")).toBe("The answer field must be a valid email");
  });
});

describe("min and max (length)", () => {
  it("words both limits with the number of characters", () => {
    expect(messageOf("ab", "min:3")).toBe("The answer field must be at least 3 characters");
    expect(messageOf("abcd", "max:3")).toBe("The answer field may not be greater than 3 characters");
  });

  it("a text of length n passes min:n and max:n, and fails min:n+1 and max:n-1", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== ""),
        (text) => {
          const n = text.length;
          expect(validate(text, `min:${n}|max:${n}`).valid).toBe(true);
          expect(validate(text, `min:${n + 1}`).valid).toBe(false);
          expect(validate(text, `max:${n - 1}`).valid).toBe(false);
        },
      ),
    );
  });
});

describe("length", () => {
  it("length:n needs exactly n characters", () => {
    expect(messageOf("2000", "length:4")).toBeNull();
    expect(messageOf("200", "length:4")).toBe("The answer field must be exactly 4 characters");
  });

  it("length:n,max takes n to max characters", () => {
    expect(messageOf("abc", "length:2,4")).toBeNull();
    expect(messageOf("abcde", "length:2,4")).toBe("The answer field must be between 2 and 4 characters");
  });

  it("counts the items of a list", () => {
    expect(messageOf(["a", "b"], "length:2")).toBeNull();
    expect(messageOf(["a"], "length:2")).toBe("The answer field must have exactly 2 items");
  });
});

describe("the alpha family (English alphabet, locale en)", () => {
  const cases: Array<[string, string[], string[], string]> = [
    ["alpha", ["Sydney"], ["Sydney2", "New York", "Zürich"], "The answer field may only contain alphabetic characters"],
    ["alpha_num", ["Room101"], ["Room 101", "room-1"], "The answer field may only contain alpha-numeric characters"],
    [
      "alpha_dash",
      ["velvet_rose-22"],
      ["velvet rose", "rose!"],
      "The answer field may only contain alpha-numeric characters as well as dashes and underscores",
    ],
    [
      "alpha_spaces",
      ["Port Douglas"],
      ["Port Douglas 2", "St. Kilda"],
      "The answer field may only contain alphabetic characters as well as spaces",
    ],
  ];

  it.each(cases)("%s", (rule, good, bad, message) => {
    for (const value of good) expect(messageOf(value, rule)).toBeNull();
    for (const value of bad) expect(messageOf(value, rule)).toBe(message);
  });
});

describe("regex", () => {
  it("tests a pattern from a rule string, commas included", () => {
    expect(messageOf("aaa", "regex:^a{2,3}$")).toBeNull();
    expect(messageOf("aaaa", "regex:^a{2,3}$")).toBe("The answer field format is invalid");
  });

  it("takes a RegExp in the object form, ignoring a global flag's memory between calls", () => {
    const pattern = /^\d{4}$/g;
    expect(messageOf("2000", { regex: pattern })).toBeNull();
    expect(messageOf("2000", { regex: pattern })).toBeNull();
    expect(messageOf("20000", { regex: pattern })).toBe("The answer field format is invalid");
  });
});

describe("url", () => {
  it("passes web addresses and fails others", () => {
    expect(messageOf("https://velvethearts.example/profile/1?tab=photos", "url")).toBeNull();
    expect(messageOf("velvethearts.example", "url")).toBeNull();
    for (const bad of ["not a url", "https://", "javascript:alert(1)", "mailto:a@example.com"]) {
      expect(messageOf(bad, "url")).toBe("The answer field is not a valid URL");
    }
  });

  it("allows 2083 characters and not 2084 (spec §5)", () => {
    const base = "https://example.com/";
    expect(messageOf(base + "a".repeat(2083 - base.length), "url")).toBeNull();
    expect(messageOf(base + "a".repeat(2084 - base.length), "url")).toBe("The answer field is not a valid URL");
  });
});

describe("ip and ip_or_fqdn", () => {
  it("ip passes both versions unless one is named", () => {
    expect(messageOf("203.0.113.7", "ip")).toBeNull();
    expect(messageOf("2001:db8::1", "ip")).toBeNull();
    expect(messageOf("2001:db8::1", "ip:4")).toBe("The answer field must be a valid IP address");
    expect(messageOf("203.0.113.7", "ip:6")).toBe("The answer field must be a valid IP address");
    expect(messageOf("256.1.1.1", "ip")).toBe("The answer field must be a valid IP address");
  });

  it("every IPv4 address passes ip and ip:4 but not ip:6; every IPv6 address passes ip:6", () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(validate(address, "ip|ip:4|ip_or_fqdn").valid).toBe(true);
        expect(validate(address, "ip:6").valid).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        expect(validate(address, "ip|ip:6|ip_or_fqdn").valid).toBe(true);
        expect(validate(address, "ip:4").valid).toBe(false);
      }),
    );
  });

  it("ip_or_fqdn also takes a fully qualified domain name", () => {
    expect(messageOf("mail.velvethearts.example", "ip_or_fqdn")).toBeNull();
    expect(messageOf("localhost", "ip_or_fqdn")).toBe("The answer field must be a valid IP address or domain name");
    expect(messageOf("bad_host!.com", "ip_or_fqdn")).toBe("The answer field must be a valid IP address or domain name");
  });
});

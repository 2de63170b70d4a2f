import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validate } from "../validate";
import { isCardNumber } from "./numbers";

function messageOf(value: unknown, rules: string) {
  const result = validate(value, rules, { field: "amount" });
  return result.valid ? null : result.message;
}

describe("numeric, integer and decimal", () => {
  it("numeric: a number written plainly", () => {
    for (const value of ["42", "-1.5", "+3", ".5", 7]) expect(messageOf(value, "numeric")).toBeNull();
    for (const value of ["4 2", "1e3", "0x1f", "abc", Number.NaN]) {
      expect(messageOf(value, "numeric")).toBe("The amount field must be a number");
    }
  });

  it("integer: whole numbers only", () => {
    for (const value of ["42", "-7", 0]) expect(messageOf(value, "integer")).toBeNull();
    for (const value of ["4.2", "4.", 1.5, "x"])
      expect(messageOf(value, "integer")).toBe("The amount field must be an integer");
  });

  it("decimal:n allows at most n decimal places", () => {
    expect(messageOf("19.95", "decimal:2")).toBeNull();
    expect(messageOf("19", "decimal:2")).toBeNull();
    expect(messageOf("19.955", "decimal:2")).toBe("The amount field must be numeric and may contain 2 decimal places");
    expect(messageOf("1,5", "decimal:2")).toBe("The amount field must be numeric and may contain 2 decimal places");
  });

  it("decimal and decimal:* allow any number of places", () => {
    expect(messageOf("3.14159", "decimal")).toBeNull();
    expect(messageOf("3.14159", "decimal:*")).toBeNull();
    expect(messageOf("pi", "decimal")).toBe("The amount field must be numeric and may contain decimal places");
  });
});

describe("digits", () => {
  it("needs exactly n digits", () => {
    expect(messageOf("2000", "digits:4")).toBeNull();
    expect(messageOf("200", "digits:4")).toBe("The amount field must be numeric and exactly contain 4 digits");
    expect(messageOf("20.0", "digits:4")).toBe("The amount field must be numeric and exactly contain 4 digits");
  });
});

describe("min_value, max_value and between", () => {
  it("word their limits", () => {
    expect(messageOf("17", "min_value:18")).toBe("The amount field must be 18 or more");
    expect(messageOf("101", "max_value:100")).toBe("The amount field must be 100 or less");
    expect(messageOf("0", "between:1,10")).toBe("The amount field must be between 1 and 10");
    expect(messageOf("abc", "between:1,10")).toBe("The amount field must be between 1 and 10");
  });

  it("include both ends: x passes between:a,b exactly when a ≤ x ≤ b", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1100, max: 1100 }),
        (a, b, x) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(validate(String(x), `between:${low},${high}`).valid).toBe(x >= low && x <= high);
          expect(validate(x, `min_value:${low}`).valid).toBe(x >= low);
          expect(validate(x, `max_value:${high}`).valid).toBe(x <= high);
        },
      ),
    );
  });
});

/** The check digit that makes `payload` pass Luhn, computed independently of the library. */
function luhnCheckDigit(payload: string): number {
  let sum = 0;
  [...payload].reverse().forEach((char, index) => {
    let digit = Number(char);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  });
  return (10 - (sum % 10)) % 10;
}

describe("credit_card (Luhn)", () => {
  it("passes well-known test numbers, grouped or not", () => {
    for (const number of ["4111111111111111", "4111 1111 1111 1111", "5555-5555-5555-4444", "378282246310005"]) {
      expect(messageOf(number, "credit_card")).toBeNull();
    }
  });

  it("fails a wrong check digit, letters and wrong lengths", () => {
    for (const number of ["4111111111111112", "4111 1111 1111 111a", "42424242424", "4".repeat(20)]) {
      expect(messageOf(number, "credit_card")).toBe("The amount field must be a valid card number");
    }
  });

  const payloads = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 11, maxLength: 18 });

  it("any 12 to 19 digits ending in their Luhn check digit pass", () => {
    fc.assert(
      fc.property(payloads, (payload) => {
        expect(isCardNumber(payload + luhnCheckDigit(payload))).toBe(true);
      }),
    );
  });

  it("changing any single digit of a valid number makes it fail", () => {
    fc.assert(
      fc.property(payloads, fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, at, shift) => {
        const number = payload + luhnCheckDigit(payload);
        const index = at % number.length;
        const changed = (Number(number[index]) + shift) % 10;
        const broken = number.slice(0, index) + changed + number.slice(index + 1);
        expect(isCardNumber(broken)).toBe(false);
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { describeContactWarning, findContactDetails } from "./contact-details";

const kinds = (text: string) => findContactDetails(text).map((warning) => [warning.kind, warning.match]);

describe("contact details in an operator's message", () => {
  it("finds Australian phone numbers in the ways people write them", () => {
    expect(kinds("call me on 0412 345 678")).toEqual([["phone", "0412 345 678"]]);
    expect(kinds("my num +61 412 345 678 ok")).toEqual([["phone", "+61 412 345 678"]]);
    expect(kinds("home (02) 9876 5432")).toEqual([["phone", "(02) 9876 5432"]]);
    expect(kinds("ring 1300 123 456 or 1800 555 123")).toEqual([
      ["phone", "1300 123 456"],
      ["phone", "1800 555 123"],
    ]);
    expect(kinds("0412345678")).toEqual([["phone", "0412345678"]]);
    // Spread out or not a valid number, it is still a number to hand out.
    expect(kinds("0 4 1 2 3 4 5 6 7 8")).toHaveLength(1);
    expect(kinds("0412.345.6789")).toEqual([["phone", "0412.345.6789"]]);
  });

  it("finds email addresses, links and bare domains", () => {
    expect(kinds("email jane.doe@gmail.com")).toEqual([["email", "jane.doe@gmail.com"]]);
    expect(kinds("see www.velvet.com.au or https://x.io/a?b and example.com")).toEqual([
      ["link", "www.velvet.com.au"],
      ["link", "https://x.io/a?b"],
      ["link", "example.com"],
    ]);
  });

  it("leaves ordinary chat alone", () => {
    for (const text of [
      "I'm 28 and 170cm",
      "met him in 2019. 12 times",
      "at 9.30 tonight",
      "hi.there you",
      "wow...really",
    ]) {
      expect(findContactDetails(text)).toEqual([]);
    }
  });

  it("words each warning for the operator", () => {
    const [warning] = findContactDetails("mail me: a@b.com");
    expect(warning && describeContactWarning(warning)).toBe("The text contains an email address (a@b.com).");
  });
});

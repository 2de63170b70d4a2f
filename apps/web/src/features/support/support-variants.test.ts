import { describe, expect, it } from "vitest";
import { supportVariantFor } from "./support-variants";

describe("support form variants", () => {
  it("tags each support route's tickets with its own source and starting topic", () => {
    expect(supportVariantFor("/contact")).toMatchObject({
      source: "contact",
      heading: "Contact",
      defaultCategory: "other",
    });
    expect(supportVariantFor("/contact-us/")).toMatchObject({ source: "contact-us", heading: "Contact us" });
    expect(supportVariantFor("/submit-request")).toMatchObject({
      source: "submit-request",
      defaultCategory: "account",
    });
    expect(supportVariantFor("/helpdesk")).toMatchObject({ source: "helpdesk", defaultCategory: "technical" });
  });

  it("falls back to the contact form for any other path", () => {
    expect(supportVariantFor("/somewhere").source).toBe("contact");
  });
});

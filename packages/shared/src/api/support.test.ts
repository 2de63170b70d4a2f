import { describe, expect, it } from "vitest";
import { ticketReference, ZGuestSupportTicketRequestSchema, ZSupportTicketRequestSchema } from "./support";

const ticket = { subject: "Sign-in trouble", category: "account", message: "I cannot sign in since yesterday." };

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("support ticket schemas", () => {
  it("let a member leave the email out, and ask a guest for one with the custom message", () => {
    expect(ZSupportTicketRequestSchema.safeParse(ticket).success).toBe(true);
    const guest = ZGuestSupportTicketRequestSchema.safeParse(ticket);
    expect(fieldErrors(guest)).toEqual({ email: "Please fill in a valid email address" });
    expect(ZGuestSupportTicketRequestSchema.safeParse({ ...ticket, email: "a@example.com" }).success).toBe(true);
  });

  it("word the limits in English: message 10 to 5000 characters, subject at most 150", () => {
    const result = ZSupportTicketRequestSchema.safeParse({ ...ticket, subject: "s".repeat(151), message: "short" });
    expect(fieldErrors(result)).toEqual({
      subject: "The subject field may not be greater than 150 characters",
      message: "The message field must be at least 10 characters",
    });
    expect(fieldErrors(ZSupportTicketRequestSchema.safeParse({ ...ticket, category: "love" }))).toEqual({
      category: "The category field must be a valid value",
    });
  });

  it("defaults the source to the contact page and refuses unknown ones", () => {
    expect(ZSupportTicketRequestSchema.parse(ticket).source).toBe("contact");
    expect(ZSupportTicketRequestSchema.safeParse({ ...ticket, source: "elsewhere" }).success).toBe(false);
  });
});

describe("ticket references", () => {
  it("are VH- and the first eight hex digits of the uuid, upper-cased", () => {
    expect(ticketReference("3f9a1c7b-0d2e-4f60-8a9b-1c2d3e4f5a6b")).toBe("VH-3F9A1C7B");
  });
});

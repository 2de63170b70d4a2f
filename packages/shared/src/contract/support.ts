import { ZSupportTicketCreatedResponseSchema, ZSupportTicketRequestSchema } from "../api/support";
import { defineEndpoint } from "./endpoint";

/** The support desk, member side (the admin side is in admin-support.ts). */
export const supportEndpoints = {
  createTicket: defineEndpoint({
    method: "POST",
    path: "/api/support-tickets",
    body: ZSupportTicketRequestSchema,
    responses: { 201: ZSupportTicketCreatedResponseSchema },
    auth: "optional",
    tags: ["support"],
    summary: "Send a question to support (members, or guests with an email); acknowledged by email",
  }),
};

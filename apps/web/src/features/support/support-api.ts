import { type TSupportTicketRequest, ZSupportTicketCreatedResponseSchema } from "@velvet/shared/api/support";
import { api } from "../../lib/api-client";

export function sendSupportTicket(ticket: TSupportTicketRequest) {
  return api
    .post("/support-tickets", ticket, { schema: ZSupportTicketCreatedResponseSchema })
    .then((response) => response.data);
}

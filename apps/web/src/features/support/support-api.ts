import type { TSupportTicketRequest } from "@velvet/shared/api/support";
import { supportEndpoints } from "@velvet/shared/contract/support";
import { callEndpoint } from "../../lib/api-client";

export function sendSupportTicket(ticket: TSupportTicketRequest) {
  return callEndpoint(supportEndpoints.createTicket, { body: ticket }).then((response) => response.data);
}

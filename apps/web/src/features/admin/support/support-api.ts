import type { TAdminSupportReplyRequest, TAdminSupportTicketListQuery } from "@velvet/shared/api/support";
import { adminSupportEndpoints as endpoints } from "@velvet/shared/contract/admin-support";
import { callEndpoint } from "../../../lib/api-client";

export const ticketKeys = {
  all: ["admin", "support-tickets"] as const,
  list: (query: TAdminSupportTicketListQuery) => ["admin", "support-tickets", query] as const,
};

export function fetchTickets(query: TAdminSupportTicketListQuery) {
  return callEndpoint(endpoints.list, { query });
}

export function replyToTicket(uuid: string, body: TAdminSupportReplyRequest) {
  return callEndpoint(endpoints.reply, { params: { uuid }, body }).then((response) => response.data);
}

export function closeTicket(uuid: string) {
  return callEndpoint(endpoints.close, { params: { uuid } }).then((response) => response.data);
}

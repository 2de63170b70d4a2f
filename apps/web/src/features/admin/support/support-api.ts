import {
  type TAdminSupportReplyRequest,
  type TAdminSupportTicketListQuery,
  ZAdminSupportReplyResponseSchema,
  ZAdminSupportTicketListResponseSchema,
  ZAdminSupportTicketResponseSchema,
} from "@velvet/shared/api/support";
import { api } from "../../../lib/api-client";

export const ticketKeys = {
  all: ["admin", "support-tickets"] as const,
  list: (query: TAdminSupportTicketListQuery) => ["admin", "support-tickets", query] as const,
};

export function fetchTickets(query: TAdminSupportTicketListQuery) {
  return api.get("/admin/support-tickets", { query, schema: ZAdminSupportTicketListResponseSchema });
}

export function replyToTicket(uuid: string, body: TAdminSupportReplyRequest) {
  return api
    .post(`/admin/support-tickets/${uuid}/replies`, body, { schema: ZAdminSupportReplyResponseSchema })
    .then((response) => response.data);
}

export function closeTicket(uuid: string) {
  return api
    .post(`/admin/support-tickets/${uuid}/close`, undefined, { schema: ZAdminSupportTicketResponseSchema })
    .then((response) => response.data);
}

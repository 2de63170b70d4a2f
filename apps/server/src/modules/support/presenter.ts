import { type TAdminSupportTicket, type TSupportTicketCreated, ticketReference } from "@velvet/shared/api/support";
import type { supportTickets } from "../../platform/db/schema/support";

export type SupportTicketRow = typeof supportTickets.$inferSelect;

/** The sender sees only the reference and the state: nothing they sent is echoed back. */
export function presentCreatedTicket(ticket: Pick<SupportTicketRow, "uuid" | "status" | "createdAt">) {
  return {
    uuid: ticket.uuid,
    status: ticket.status as TSupportTicketCreated["status"],
    created_at: ticket.createdAt.toISOString(),
  } satisfies TSupportTicketCreated;
}

/** The admin queue's view of a ticket, with the member who sent it (null for guests). */
export function presentAdminTicket(
  ticket: SupportTicketRow,
  member: { uuid: string; username: string } | null,
): TAdminSupportTicket {
  return {
    uuid: ticket.uuid,
    reference: ticketReference(ticket.uuid),
    status: ticket.status as TAdminSupportTicket["status"],
    category: ticket.category as TAdminSupportTicket["category"],
    source: ticket.source as TAdminSupportTicket["source"],
    subject: ticket.subject,
    message: ticket.message,
    email: ticket.email,
    name: ticket.name,
    member,
    created_at: ticket.createdAt.toISOString(),
    closed_at: ticket.closedAt?.toISOString() ?? null,
  };
}

import { ticketReference } from "@velvet/shared/api/support";
import { count, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { supportTicketReplies, supportTickets, users } from "../../platform/db/schema";
import { AppError } from "../../platform/http/app-error";
import { mailSite, supportReplyMail } from "../../platform/mail/templates";
import type { UserRow } from "../auth/session-service";
import { presentAdminTicket } from "./presenter";

/**
 * An admin's answer to a ticket: stored and audited in one transaction (closing the ticket too when asked),
 * then mailed to the ticket's address. A mail server that refuses loses nothing: the reply is kept and the
 * answer says it was not mailed.
 */
export async function replyToSupportTicket(
  context: AppContext,
  admin: UserRow,
  uuid: string,
  reply: { message: string; close: boolean },
  ip: string,
) {
  const { db } = context.database;
  const { ticket, member, replies } = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(supportTickets).where(eq(supportTickets.uuid, uuid)).for("update");
    if (!found) throw new AppError("not_found");
    await tx.insert(supportTicketReplies).values({ ticketId: found.id, authorId: admin.id, message: reply.message });
    let current = found;
    if (reply.close && found.status !== "closed") {
      const [closed] = await tx
        .update(supportTickets)
        .set({ status: "closed", closedAt: new Date(), closedById: admin.id })
        .where(eq(supportTickets.id, found.id))
        .returning();
      if (closed) current = closed;
    }
    await writeAudit(tx, {
      actorId: admin.id,
      action: current.status !== found.status ? "support_ticket.replied_and_closed" : "support_ticket.replied",
      targetUserId: found.userId,
      metadata: { ticket_uuid: found.uuid, reference: ticketReference(found.uuid) },
      ip,
    });
    const [owner] = found.userId
      ? await tx.select({ uuid: users.uuid, username: users.username }).from(users).where(eq(users.id, found.userId))
      : [];
    const [total] = await tx
      .select({ value: count() })
      .from(supportTicketReplies)
      .where(eq(supportTicketReplies.ticketId, found.id));
    return { ticket: current, member: owner ?? null, replies: total?.value ?? 1 };
  });
  let mailed = true;
  try {
    await context.mailer.send({
      to: ticket.email,
      ...supportReplyMail(
        mailSite(context.config),
        { reference: ticketReference(ticket.uuid), subject: ticket.subject },
        reply.message,
      ),
    });
  } catch (error) {
    mailed = false;
    context.logger.warn({ err: error, ticket: ticket.uuid }, "support reply not mailed");
  }
  return { ticket: presentAdminTicket(ticket, member), replies, mailed };
}

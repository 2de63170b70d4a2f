import { ticketReference } from "@velvet/shared/api/support";
import { count, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { supportTicketReplies, supportTickets } from "../../platform/db/schema/support";
import { AppError } from "../../platform/http/app-error";
import { queueMail } from "../../platform/mail/mail-queue";
import type { SessionUser } from "../../platform/members/types";
import { presentAdminTicket } from "./presenter";

/**
 * An admin's answer to a ticket: stored, audited and queued for mailing to the ticket's address in one
 * transaction (closing the ticket too when asked). A mail server that refuses loses nothing: the queue
 * retries until it accepts.
 */
export async function replyToSupportTicket(
  context: AppContext,
  admin: SessionUser,
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
    await queueMail(
      tx,
      "support_reply",
      {
        to: found.email,
        reference: ticketReference(found.uuid),
        subject: found.subject,
        message: reply.message,
      },
      found.userId,
    );
    const [owner] = found.userId
      ? await tx.select({ uuid: users.uuid, username: users.username }).from(users).where(eq(users.id, found.userId))
      : [];
    const [total] = await tx
      .select({ value: count() })
      .from(supportTicketReplies)
      .where(eq(supportTicketReplies.ticketId, found.id));
    return { ticket: current, member: owner ?? null, replies: total?.value ?? 1 };
  });
  context.jobs.kick();
  return { ticket: presentAdminTicket(ticket, member), replies };
}

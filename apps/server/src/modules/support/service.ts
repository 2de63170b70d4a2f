import { createHmac } from "node:crypto";
import {
  supportCategoryLabels,
  type TSupportTicketStatus,
  ticketReference,
  type ZSupportTicketRequestSchema,
} from "@velvet/shared/api/support";
import type { z } from "@velvet/shared/validation/z";
import { count, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { supportTickets } from "../../platform/db/schema/support";
import { AppError } from "../../platform/http/app-error";
import { withinLetterBudget } from "../../platform/mail/letter-budget";
import { queueMail } from "../../platform/mail/mail-queue";
import type { SessionUser } from "../../platform/members/types";
import { supportPolicy } from "./policy";
import { presentAdminTicket, type SupportTicketRow } from "./presenter";

type TicketInput = z.output<typeof ZSupportTicketRequestSchema>;

export const ADMIN_TICKETS_PER_PAGE = 25;

/** Enough to see one source flooding the queue, without keeping anyone's address. */
function hashIp(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(`support-ticket:${ip}`).digest("hex");
}

/**
 * Stores the ticket and queues its acknowledgement in one transaction: the
 * mail goes out after the commit, retried while the mail server refuses it.
 */
export async function createSupportTicket(
  context: AppContext,
  member: SessionUser | undefined,
  input: TicketInput,
  ip: string,
): Promise<SupportTicketRow> {
  const email = supportPolicy.replyAddress(member, input.email);
  // The ticket is kept either way; its acknowledgement is left out once the address had its letters for the day.
  const mayMail = await withinLetterBudget(context, email, "support_ticket_received");
  const ticket = await context.database.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(supportTickets)
      .values({
        userId: member?.id ?? null,
        email,
        name: input.name ? input.name : null,
        subject: input.subject,
        category: input.category,
        message: input.message,
        source: input.source,
        ipHash: hashIp(context.config.appSecret, ip),
      })
      .returning();
    if (!created) throw new AppError("internal");
    if (mayMail)
      await queueMail(
        tx,
        "support_ticket_received",
        {
          to: email,
          reference: ticketReference(created.uuid),
          topic: supportCategoryLabels[input.category],
        },
        member?.id ?? null,
      );
    return created;
  });
  context.jobs.kick();
  return ticket;
}

const memberColumns = { uuid: users.uuid, username: users.username };

/** The admin queue, newest first, optionally by status. */
export async function listSupportTickets(
  context: AppContext,
  query: { status?: TSupportTicketStatus | undefined; page: number },
) {
  const { db } = context.database;
  const where = query.status ? eq(supportTickets.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ticket: supportTickets, member: memberColumns })
      .from(supportTickets)
      .leftJoin(users, eq(users.id, supportTickets.userId))
      .where(where)
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(ADMIN_TICKETS_PER_PAGE)
      .offset((query.page - 1) * ADMIN_TICKETS_PER_PAGE),
    db.select({ value: count() }).from(supportTickets).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    data: rows.map((row) => presentAdminTicket(row.ticket, row.member)),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(totalCount / ADMIN_TICKETS_PER_PAGE)),
      total: totalCount,
    },
  };
}

/** Closes a ticket, audit-logged in the same transaction; closing a closed ticket changes nothing. */
export async function closeSupportTicket(context: AppContext, admin: SessionUser, uuid: string, ip: string) {
  return context.database.db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.uuid, uuid)).for("update");
    if (!ticket) throw new AppError("not_found");
    let current = ticket;
    if (ticket.status !== "closed") {
      const [closed] = await tx
        .update(supportTickets)
        .set({ status: "closed", closedAt: new Date(), closedById: admin.id })
        .where(eq(supportTickets.id, ticket.id))
        .returning();
      if (!closed) throw new AppError("internal");
      current = closed;
      await writeAudit(tx, {
        actorId: admin.id,
        action: "support_ticket.closed",
        targetUserId: ticket.userId,
        metadata: { ticket_uuid: ticket.uuid, reference: ticketReference(ticket.uuid) },
        ip,
      });
    }
    const [member] = ticket.userId ? await tx.select(memberColumns).from(users).where(eq(users.id, ticket.userId)) : [];
    return presentAdminTicket(current, member ?? null);
  });
}

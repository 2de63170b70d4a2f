import { z } from "../validation/z";
import { ZEmailSchema } from "./auth";
import { ZAltchaPayloadSchema } from "./bot-check";
import { ZPageMetaSchema } from "./envelope";

export const supportCategories = ["account", "payments", "technical", "other"] as const;
export type TSupportCategory = (typeof supportCategories)[number];
export const supportCategoryLabels: Record<TSupportCategory, string> = {
  account: "My account or signing in",
  payments: "Payments and credits",
  technical: "Something isn't working",
  other: "Something else",
};

/** The routes a ticket can be sent from (spec §2 support routes). */
export const supportSources = ["contact", "contact-us", "submit-request", "helpdesk"] as const;
export type TSupportSource = (typeof supportSources)[number];

export const supportTicketStatuses = ["open", "closed"] as const;
export type TSupportTicketStatus = (typeof supportTicketStatuses)[number];

export const supportLimits = { subjectMax: 150, messageMin: 10, messageMax: 5000, nameMax: 100 } as const;

export const supportMessages = {
  emailRequired: "Please fill in a valid email address",
  throttled: "You have sent several requests already. Please wait a while before sending another.",
} as const;

/**
 * A support ticket. Members may leave out the email (their account's is used);
 * guests must give one, which the server enforces and the guest form asks for
 * through ZGuestSupportTicketRequestSchema.
 */
export const ZSupportTicketRequestSchema = z.object({
  name: z.string().trim().max(supportLimits.nameMax).optional(),
  email: ZEmailSchema.optional(),
  subject: z.string().trim().min(1).max(supportLimits.subjectMax),
  category: z.enum(supportCategories),
  message: z.string().trim().min(supportLimits.messageMin).max(supportLimits.messageMax),
  source: z.enum(supportSources).default("contact"),
  captcha_token: z.string().max(4000).optional(),
  bot_check_token: z.string().max(4000).optional(),
  altcha: ZAltchaPayloadSchema,
});
export type TSupportTicketRequest = z.input<typeof ZSupportTicketRequestSchema>;

/** The same ticket from a guest: the email is required. */
export const ZGuestSupportTicketRequestSchema = ZSupportTicketRequestSchema.extend({
  email: ZEmailSchema,
});

/** What the sender gets back: the reference and state, never the ticket's content. */
export const ZSupportTicketCreatedSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(supportTicketStatuses),
  created_at: z.string(),
});
export const ZSupportTicketCreatedResponseSchema = z.object({ data: ZSupportTicketCreatedSchema });
export type TSupportTicketCreated = z.infer<typeof ZSupportTicketCreatedSchema>;

/** The short reference quoted to the sender and in the acknowledgement mail, e.g. "VH-3F9A1C7B". */
export function ticketReference(uuid: string): string {
  return `VH-${uuid.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}

export const ZAdminSupportTicketListQuerySchema = z.object({
  status: z.enum(supportTicketStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export type TAdminSupportTicketListQuery = z.infer<typeof ZAdminSupportTicketListQuerySchema>;

export const ZAdminSupportTicketSchema = z.object({
  uuid: z.uuid(),
  reference: z.string(),
  status: z.enum(supportTicketStatuses),
  category: z.enum(supportCategories),
  source: z.enum(supportSources),
  subject: z.string(),
  message: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  member: z.object({ uuid: z.uuid(), username: z.string() }).nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TAdminSupportTicket = z.infer<typeof ZAdminSupportTicketSchema>;

export const ZAdminSupportTicketResponseSchema = z.object({ data: ZAdminSupportTicketSchema });
export const ZAdminSupportTicketListResponseSchema = z.object({
  data: z.array(ZAdminSupportTicketSchema),
  meta: ZPageMetaSchema,
});

/** An admin's answer to a ticket, sent by email to the ticket's address; `close` closes it too. */
export const ZAdminSupportReplyRequestSchema = z.object({
  message: z.string().trim().min(2).max(supportLimits.messageMax),
  close: z.boolean().default(false),
});
export type TAdminSupportReplyRequest = z.input<typeof ZAdminSupportReplyRequestSchema>;
export const ZAdminSupportReplyResponseSchema = z.object({
  /** The reply is kept and queued for mailing in one step; the queue retries while the mail server refuses it. */
  data: z.object({ ticket: ZAdminSupportTicketSchema, replies: z.number().int() }),
});

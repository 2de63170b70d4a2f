import {
  ZAdminSupportReplyRequestSchema,
  ZAdminSupportReplyResponseSchema,
  ZAdminSupportTicketListQuerySchema,
  ZAdminSupportTicketListResponseSchema,
  ZAdminSupportTicketResponseSchema,
} from "../api/support";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/** The support desk, admin side (the member side is in support.ts). */
export const adminSupportEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/admin/support-tickets",
    query: ZAdminSupportTicketListQuerySchema,
    responses: { 200: ZAdminSupportTicketListResponseSchema },
    auth: "admin",
    tags: ["admin", "support"],
    summary: "Support tickets for admins, newest first, 25 a page; optionally only open or closed ones",
  }),
  close: defineEndpoint({
    method: "POST",
    path: "/api/admin/support-tickets/:uuid/close",
    params: z.object({ uuid: z.uuid() }),
    responses: { 200: ZAdminSupportTicketResponseSchema },
    auth: "admin",
    tags: ["admin", "support"],
    summary: "Close a support ticket (admins; audit-logged)",
  }),
  reply: defineEndpoint({
    method: "POST",
    path: "/api/admin/support-tickets/:uuid/replies",
    params: z.object({ uuid: z.uuid() }),
    body: ZAdminSupportReplyRequestSchema,
    responses: { 200: ZAdminSupportReplyResponseSchema },
    auth: "admin",
    tags: ["admin", "support"],
    summary: "Answer a support ticket by email (admins; stored and audit-logged; `close` closes it too)",
  }),
};

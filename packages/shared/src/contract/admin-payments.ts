import { ZAdminPaymentResponseSchema } from "../api/admin-members";
import { ZAdminAccountFlagResponseSchema, ZAdminRefundRequestSchema } from "../api/admin-payments";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/** The admin console: refunds and the account flags that refunds and chargebacks raise. */
export const adminPaymentsEndpoints = {
  refund: defineEndpoint({
    method: "POST",
    path: "/api/admin/payments/:id/refund",
    params: z.object({ id: z.uuid() }),
    body: ZAdminRefundRequestSchema,
    responses: { 200: ZAdminPaymentResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary:
      "Refund a paid payment in full through its gateway, with a reason (audited); asking again refunds nothing more",
  }),
  resolveFlag: defineEndpoint({
    method: "POST",
    path: "/api/admin/members/:uuid/flags/:flagId/resolve",
    params: z.object({ uuid: z.uuid(), flagId: z.coerce.number().int().min(1) }),
    responses: { 200: ZAdminAccountFlagResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Clear an account flag (audited); clearing a chargeback lets the member buy again",
  }),
};

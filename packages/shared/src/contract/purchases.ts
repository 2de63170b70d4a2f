import { ZPageQuerySchema } from "../api/envelope";
import {
  ZCoolOffRequestSchema,
  ZPurchaseListResponseSchema,
  ZReceiptResponseSchema,
  ZSpendingControlsResponseSchema,
  ZSpendingLimitRequestSchema,
} from "../api/purchases";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const tags = ["payments"];

/** The paying member's own money: purchases, receipts and spending controls (docs/payments.md). */
export const purchaseEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/payments",
    query: ZPageQuerySchema,
    responses: { 200: ZPurchaseListResponseSchema },
    auth: "member",
    tags,
    summary: "My payments, newest first, 20 a page",
  }),
  receipt: defineEndpoint({
    method: "GET",
    path: "/api/payments/:id/receipt",
    params: z.object({ id: z.uuid() }),
    responses: { 200: ZReceiptResponseSchema },
    auth: "member",
    tags,
    summary: "The receipt of one of my paid or refunded payments (404 for anything else)",
  }),
  spendingControls: defineEndpoint({
    method: "GET",
    path: "/api/account/spending-limit",
    responses: { 200: ZSpendingControlsResponseSchema },
    auth: "member",
    tags,
    summary: "My monthly spending limit, a raise waiting for its 24 hours, my cool-off break and this month's spending",
  }),
  setSpendingLimit: defineEndpoint({
    method: "PUT",
    path: "/api/account/spending-limit",
    body: ZSpendingLimitRequestSchema,
    responses: { 200: ZSpendingControlsResponseSchema },
    auth: "member",
    tags,
    summary:
      "Set (or with null remove) the monthly spending limit: a cut applies at once, a raise or removal in 24 hours",
  }),
  startCoolOff: defineEndpoint({
    method: "POST",
    path: "/api/account/cool-off",
    body: ZCoolOffRequestSchema,
    responses: { 200: ZSpendingControlsResponseSchema },
    auth: "member",
    tags,
    summary: "Take a break from buying for 1, 7 or 30 days; it can be extended, never shortened or ended",
  }),
};

import {
  ZAdminPromotionListQuerySchema,
  ZAdminPromotionListResponseSchema,
  ZAdminPromotionRequestSchema,
  ZAdminPromotionResponseSchema,
} from "../api/admin-promotions";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const ZPromotionParams = z.object({ id: z.coerce.number().int().min(1) });

/** The admin console: promo events and their windows. */
export const adminPromotionsEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/admin/promotions",
    query: ZAdminPromotionListQuerySchema,
    responses: { 200: ZAdminPromotionListResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Upcoming and running promotions in time order (include_ended=1 for past ones too)",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/admin/promotions",
    body: ZAdminPromotionRequestSchema,
    responses: { 201: ZAdminPromotionResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Add a promo event window (never overlapping another; audited)",
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/api/admin/promotions/:id",
    params: ZPromotionParams,
    body: ZAdminPromotionRequestSchema,
    responses: { 200: ZAdminPromotionResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Change a promotion's event, window or offer (applies from the next request; audited)",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/admin/promotions/:id",
    params: ZPromotionParams,
    responses: { 200: z.object({ data: z.object({ deleted: z.boolean() }) }) },
    auth: "admin",
    tags: ["admin"],
    summary: "Remove a promotion (payments keep the event name they were made under; audited)",
  }),
};

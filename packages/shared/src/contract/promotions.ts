import { ZAbTestEventRequestSchema, ZDeletionOfferResponseSchema } from "../api/promotions";
import { defineEndpoint } from "./endpoint";

/** Promotions, member side (the admin's calendar is in admin-promotions.ts). */
export const promotionEndpoints = {
  abTestEvent: defineEndpoint({
    method: "POST",
    path: "/api/ab-test-events",
    body: ZAbTestEventRequestSchema,
    responses: { 204: null },
    auth: "member",
    tags: ["promotions"],
    summary: "Record a promo-badge A/B event (viewed or clicked) while a promotion runs (spec §7)",
  }),
  claimDeletionOffer: defineEndpoint({
    method: "POST",
    path: "/api/account/deletion-offer",
    responses: { 200: ZDeletionOfferResponseSchema },
    auth: "member",
    tags: ["promotions"],
    summary: "Take the free credits offered instead of deleting the account (once per account)",
  }),
};

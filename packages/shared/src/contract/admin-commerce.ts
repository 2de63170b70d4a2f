import {
  ZAdminCreditPackageResponseSchema,
  ZAdminCreditPackagesResponseSchema,
  ZAdminCreditPackageUpdateRequestSchema,
  ZAdminMessagePriceParamsSchema,
  ZAdminMessagePriceRequestSchema,
  ZAdminMessagePriceResponseSchema,
} from "../api/admin-commerce";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/** The admin console: message prices and credit packages. */
export const adminCommerceEndpoints = {
  setMessagePrice: defineEndpoint({
    method: "PUT",
    path: "/api/admin/message-prices/:type",
    params: ZAdminMessagePriceParamsSchema,
    body: ZAdminMessagePriceRequestSchema,
    responses: { 200: ZAdminMessagePriceResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Set a message type's price in credits (applies to the next message; audited)",
  }),
  packages: defineEndpoint({
    method: "GET",
    path: "/api/admin/credit-packages",
    responses: { 200: ZAdminCreditPackagesResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Every credit package, pass and VIP offer, active or not, in shelf order",
  }),
  updatePackage: defineEndpoint({
    method: "PUT",
    path: "/api/admin/credit-packages/:id",
    params: z.object({ id: z.coerce.number().int().min(1) }),
    body: ZAdminCreditPackageUpdateRequestSchema,
    responses: { 200: ZAdminCreditPackageResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Change a package's name, credits, bonus, price, position or availability (audited)",
  }),
};

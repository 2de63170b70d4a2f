import {
  type TAdminCreditPackageUpdateRequest,
  ZAdminCreditPackageResponseSchema,
  ZAdminCreditPackagesResponseSchema,
  ZAdminMessagePriceResponseSchema,
} from "@velvet/shared/api/admin-commerce";
import type { TMessageType } from "@velvet/shared/api/conversations";
import { ZCreditPricesResponseSchema } from "@velvet/shared/api/credits";
import { api } from "../../../lib/api-client";

export const commerceKeys = {
  prices: ["admin", "message-prices"] as const,
  packages: ["admin", "credit-packages"] as const,
};

/** The prices members pay now: the public list is the one the admin edits. */
export function fetchMessagePrices() {
  return api.get("/credit-prices", { schema: ZCreditPricesResponseSchema }).then((response) => response.data);
}

export function setMessagePrice(type: TMessageType, credits: number) {
  return api
    .put(`/admin/message-prices/${type}`, { credits }, { schema: ZAdminMessagePriceResponseSchema })
    .then((response) => response.data);
}

export function fetchPackages() {
  return api
    .get("/admin/credit-packages", { schema: ZAdminCreditPackagesResponseSchema })
    .then((response) => response.data);
}

export function updatePackage(id: number, body: TAdminCreditPackageUpdateRequest) {
  return api
    .put(`/admin/credit-packages/${id}`, body, { schema: ZAdminCreditPackageResponseSchema })
    .then((response) => response.data);
}

import type { TAdminCreditPackageUpdateRequest } from "@velvet/shared/api/admin-commerce";
import type { TMessageType } from "@velvet/shared/api/conversations";
import { adminCommerceEndpoints as endpoints } from "@velvet/shared/contract/admin-commerce";
import { creditEndpoints } from "@velvet/shared/contract/credits";
import { callEndpoint } from "../../../lib/api-client";

export const commerceKeys = {
  prices: ["admin", "message-prices"] as const,
  packages: ["admin", "credit-packages"] as const,
};

/** The prices members pay now: the public list is the one the admin edits. */
export function fetchMessagePrices() {
  return callEndpoint(creditEndpoints.prices).then((response) => response.data);
}

export function setMessagePrice(type: TMessageType, credits: number) {
  return callEndpoint(endpoints.setMessagePrice, { params: { type }, body: { credits } }).then(
    (response) => response.data,
  );
}

export function fetchPackages() {
  return callEndpoint(endpoints.packages).then((response) => response.data);
}

export function updatePackage(id: number, body: TAdminCreditPackageUpdateRequest) {
  return callEndpoint(endpoints.updatePackage, { params: { id }, body }).then((response) => response.data);
}

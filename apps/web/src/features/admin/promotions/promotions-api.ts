import type { TAdminPromotionRequest } from "@velvet/shared/api/admin-promotions";
import { adminPromotionsEndpoints as endpoints } from "@velvet/shared/contract/admin-promotions";
import { callEndpoint } from "../../../lib/api-client";

/** The admin's promo-event calls. */
export const promotionKeys = {
  all: ["admin", "promotions"] as const,
  list: (includeEnded: boolean) => ["admin", "promotions", { includeEnded }] as const,
};

export function fetchPromotions(includeEnded: boolean) {
  return callEndpoint(endpoints.list, { query: { include_ended: includeEnded ? "1" : undefined } }).then(
    (response) => response.data,
  );
}

export function createPromotion(body: TAdminPromotionRequest) {
  return callEndpoint(endpoints.create, { body }).then((response) => response.data);
}

export function updatePromotion(id: number, body: TAdminPromotionRequest) {
  return callEndpoint(endpoints.update, { params: { id }, body }).then((response) => response.data);
}

export function deletePromotion(id: number) {
  return callEndpoint(endpoints.remove, { params: { id } });
}

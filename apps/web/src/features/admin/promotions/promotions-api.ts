import {
  type TAdminPromotionRequest,
  ZAdminPromotionListResponseSchema,
  ZAdminPromotionResponseSchema,
} from "@velvet/shared/api/admin-promotions";
import { api } from "../../../lib/api-client";

/** The admin's promo-event calls (issue 10). */
export const promotionKeys = {
  all: ["admin", "promotions"] as const,
  list: (includeEnded: boolean) => ["admin", "promotions", { includeEnded }] as const,
};

export function fetchPromotions(includeEnded: boolean) {
  return api
    .get("/admin/promotions", {
      query: { include_ended: includeEnded ? 1 : undefined },
      schema: ZAdminPromotionListResponseSchema,
    })
    .then((response) => response.data);
}

export function createPromotion(body: TAdminPromotionRequest) {
  return api
    .post("/admin/promotions", body, { schema: ZAdminPromotionResponseSchema })
    .then((response) => response.data);
}

export function updatePromotion(id: number, body: TAdminPromotionRequest) {
  return api
    .put(`/admin/promotions/${id}`, body, { schema: ZAdminPromotionResponseSchema })
    .then((response) => response.data);
}

export function deletePromotion(id: number) {
  return api.delete(`/admin/promotions/${id}`);
}

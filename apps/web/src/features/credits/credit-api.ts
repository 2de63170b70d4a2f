import { ZCreditPackagesResponseSchema } from "@velvet/shared/api/credits";
import { ZPaymentCreatedResponseSchema, ZPaymentResponseSchema } from "@velvet/shared/api/payments";
import { api } from "../../lib/api-client";

export const creditKeys = {
  /** The shelf is priced for the caller (promotion, VIP): keyed by who asks. */
  shelf: (userUuid: string | null) => ["credit-packages", userUuid] as const,
  payment: (id: string) => ["payment", id] as const,
};

export function fetchCreditShelf() {
  return api.get("/credit-packages", { schema: ZCreditPackagesResponseSchema });
}

export function startPayment(packageId: number) {
  return api
    .post("/payments", { package_id: packageId }, { schema: ZPaymentCreatedResponseSchema })
    .then((response) => response.data);
}

export function fetchPayment(id: string) {
  return api
    .get(`/payments/${id}`, { schema: ZPaymentResponseSchema, progress: false })
    .then((response) => response.data);
}

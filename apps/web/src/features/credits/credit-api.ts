import { creditEndpoints } from "@velvet/shared/contract/credits";
import { paymentEndpoints } from "@velvet/shared/contract/payments";
import { callEndpoint } from "../../lib/api-client";

export const creditKeys = {
  /** The shelf is priced for the caller (promotion, VIP): keyed by who asks. */
  shelf: (userUuid: string | null) => ["credit-packages", userUuid] as const,
  payment: (id: string) => ["payment", id] as const,
};

export function fetchCreditShelf() {
  return callEndpoint(creditEndpoints.shelf);
}

export function startPayment(packageId: number) {
  return callEndpoint(paymentEndpoints.createPayment, { body: { package_id: packageId } }).then(
    (response) => response.data,
  );
}

export function fetchPayment(id: string) {
  return callEndpoint(paymentEndpoints.payment, { params: { id } }, { progress: false }).then(
    (response) => response.data,
  );
}

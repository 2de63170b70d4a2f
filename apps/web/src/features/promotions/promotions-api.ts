import type { TAbTestEventRequest } from "@velvet/shared/api/promotions";
import { promotionEndpoints } from "@velvet/shared/contract/promotions";
import { callEndpoint } from "../../lib/api-client";

/** Reporting only: a failure is logged, never shown (spec §8 "Tracking and popup failures"). */
export function sendAbTestEvent(event: TAbTestEventRequest): void {
  callEndpoint(promotionEndpoints.abTestEvent, { body: event }, { progress: false }).catch((error: unknown) => {
    console.warn("ab-test event not recorded", error);
  });
}

export function claimDeletionOffer() {
  return callEndpoint(promotionEndpoints.claimDeletionOffer).then((response) => response.data);
}

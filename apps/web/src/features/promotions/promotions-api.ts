import type { TAbTestEventRequest } from "@velvet/shared/api/promotions";
import { api } from "../../lib/api-client";

/** Reporting only: a failure is logged, never shown (spec §8 "Tracking and popup failures"). */
export function sendAbTestEvent(event: TAbTestEventRequest): void {
  api.post("/ab-test-events", event, { progress: false }).catch((error: unknown) => {
    console.warn("ab-test event not recorded", error);
  });
}

export function claimDeletionOffer() {
  return api
    .post<{ data: { credits: number; balance: number } }>("/account/deletion-offer")
    .then((response) => response.data);
}

import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { type Campaign, defaultCampaign } from "./campaign";

/**
 * The campaign client-state area (spec §3): kept for the visit, so in
 * sessionStorage. Page loads without campaign parameters keep what is there;
 * a link with campaign parameters replaces it.
 */
interface CampaignState {
  campaign: Campaign;
  replace(campaign: Campaign): void;
}

export const useCampaignStore = create<CampaignState>()(
  persist(
    (set) => ({
      campaign: defaultCampaign,
      replace: (campaign) => set({ campaign }),
    }),
    {
      name: "campaign",
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ campaign: state.campaign }),
    },
  ),
);

/** The visit's campaign: `landing` is a number (3 asks for the survey-styled navbar). */
export function useCampaign(): Campaign {
  return useCampaignStore((state) => state.campaign);
}

export function currentCampaign(): Campaign {
  return useCampaignStore.getState().campaign;
}

/**
 * Reads the campaign parameters of a page load. The parser (qs) is loaded only
 * when there is a query string at all, so plain page loads do not pay for it.
 */
export async function captureCampaign(search: string): Promise<void> {
  if (search.length <= 1) return;
  try {
    const { campaignFromQuery } = await import("./campaign-query");
    const campaign = campaignFromQuery(search);
    if (campaign) useCampaignStore.getState().replace(campaign);
  } catch (error) {
    // Attribution must never stop a page from opening.
    console.warn("campaign parameters could not be read", error);
  }
}

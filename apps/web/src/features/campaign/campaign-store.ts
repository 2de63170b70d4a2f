import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { hasConsent, subscribeConsent } from "../../lib/consent";
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

/** A cheap look for campaign parameters, so a page's own query (search filters) is not held for later. */
const CAMPAIGN_PARAMETER = /[?&](?:s[1-5]|gclid|tracking_id|landing)=/;

/**
 * The campaign link of this page load while the visitor has not (yet) consented to marketing: held in memory only,
 * never stored or sent, and read if they accept during this visit, so a visitor who accepts on the banner of the
 * page the ad opened is still attributed.
 */
let heldSearch: string | null = null;

/**
 * Reads the campaign parameters of a page load, once the visitor consented to marketing. The parser (qs) is loaded
 * only when there is a query string at all, so plain page loads do not pay for it.
 */
export async function captureCampaign(search: string): Promise<void> {
  if (search.length <= 1) return;
  if (!hasConsent("marketing")) {
    if (CAMPAIGN_PARAMETER.test(search)) heldSearch = search;
    return;
  }
  try {
    const { campaignFromQuery } = await import("./campaign-query");
    const campaign = campaignFromQuery(search);
    if (campaign) useCampaignStore.getState().replace(campaign);
  } catch (error) {
    // Attribution must never stop a page from opening.
    console.warn("campaign parameters could not be read", error);
  }
}

/**
 * Consent given later in the visit reads the held link; consent withdrawn forgets the stored campaign, so the
 * next registration carries the defaults.
 */
subscribeConsent(() => {
  if (hasConsent("marketing")) {
    const search = heldSearch;
    heldSearch = null;
    if (search) void captureCampaign(search);
  } else {
    heldSearch = null;
    useCampaignStore.getState().replace(defaultCampaign);
  }
});

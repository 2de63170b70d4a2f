// The campaign feature's public surface: other features and the app shell import only this file (pages are loaded lazily by app/routes.ts, not from here).
export { campaignPayload } from "./campaign";
export { captureCampaign, currentCampaign } from "./campaign-store";

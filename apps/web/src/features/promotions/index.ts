// The promotions feature's public surface: other features and the app shell import only this file (pages are loaded lazily by app/routes.ts, not from here).
export { PresentBox } from "./PresentBox";
export { PromotionBanner } from "./PromotionBanner";
export {
  popupKey,
  promoBadgeEvent,
  promoBadgeLabel,
  promoEventLabels,
  promoOffer,
  scheduleViewedEvent,
  showsPromoBadge,
} from "./promo-rules";
export { claimDeletionOffer, sendAbTestEvent } from "./promotions-api";

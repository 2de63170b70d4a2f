// The promotions module's public surface: other modules and the app's wiring import only this file.
export { ensurePromotionCalendar } from "./calendar";
export type { RunningPromotion } from "./current-promotion";
export { currentPromotion, currentPromotionCache, presentPromotion, promotionFor } from "./current-promotion";
export { hasDeletionOffer, promoBadgeVariant } from "./member-offers";
export { promotionRoutes } from "./routes";

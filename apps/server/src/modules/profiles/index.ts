// The profiles module's public surface: other modules and the app's wiring import only this file.
export { cardColumns } from "./card-columns";
export { isProfileComplete } from "./completeness";
export { isOnlineNow, ONLINE_WINDOW_MS, onlineNowSql, siteHour } from "./online";
export { defaultAvatar, photoUrls } from "./photo-urls";
export { visibleTo } from "./policy";
export type { PresentationContext } from "./presenter";
export { presentCard, presentProfile } from "./presenter";
export { primaryPhotoKeyFor, primaryPhotoKeySql } from "./primary-photo-sql";
export { profileRoutes } from "./routes";
export { approvedPhotos, findVisibleProfile, notificationParty, notificationPartyWithPhoto } from "./service";

// The push feature's public surface: other features and the app shell import only this file.
export { NotificationSettingsSection } from "./NotificationSettingsSection";
export { PushOffer } from "./PushOffer";
export { PushSync } from "./PushSync";
export { enablePush, offerPushAfterConversationStarts, pushState } from "./web-push";

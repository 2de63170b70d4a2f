// The auth feature's public surface: other features and the app shell import only this file (pages are loaded lazily by app/routes.ts, not from here).
export { logout, sessionEndedElsewhere, startSessionKeeper, useAuthStore } from "./auth-store";
export {
  EmailConfirmationBanner,
  EmailConfirmationNotice,
  useNeedsEmailConfirmation,
} from "./email-confirmation/EmailConfirmation";
export { continueWithCode } from "./held-challenge";
export { homeFor } from "./post-login";
export { TwoStepRegistrationForm } from "./registration/TwoStepRegistrationForm";
export { signInAgainPath } from "./sign-in-again";

// The auth module's public surface: other modules and the app's wiring import only this file.
export { createEmailToken } from "./email-tokens";
export { verifyEmail } from "./email-verification-service";
export { authLetters } from "./mail-letters";
export {
  clearPasswordFailures,
  PASSWORD_FAILURES_PER_MEMBER,
  takePasswordAttempt,
} from "./password-failures";
export { hashPassword, isCommonPassword, verifyPassword } from "./passwords";
export { queueVerificationMail } from "./registration-service";
export { authRoutes } from "./routes";
export { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorStatus } from "./two-factor";

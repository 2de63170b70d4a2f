import { z } from "../validation/z";
import { resourceResponse } from "./envelope";

/** What sign-in, enabling and disabling say about an authenticator code. */
export const twoFactorMessages = {
  codeWrong: "The code is not valid. Please try again.",
  challengeInvalid: "This sign-in has expired. Please sign in again.",
  tooManyAttempts: "Too many codes tried. Please try again in {seconds} seconds.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notEnabled: "Two-factor sign-in is not on.",
  setupFirst: "Please start the setup again: scan a new QR code.",
  enabled: "Two-factor sign-in is on.",
  disabled: "Two-factor sign-in is off.",
} as const;

/** A six-digit authenticator code, or (where allowed) a recovery code like `a1b2c-3d4e5`; spaces are ignored. */
export const ZTwoFactorCodeSchema = z
  .string()
  .trim()
  .min(6, "Please enter the code")
  .max(20)
  .transform((value) => value.replace(/\s+/g, ""));

/** `POST /api/login` for a member with two-factor sign-in: the password was right, now the code. */
export const ZTwoFactorChallengeSchema = z.object({ two_factor_required: z.literal(true), challenge: z.string() });
export const ZTwoFactorChallengeResponseSchema = resourceResponse(ZTwoFactorChallengeSchema);

export const ZTwoFactorLoginRequestSchema = z.object({
  challenge: z.string().min(1).max(200),
  code: ZTwoFactorCodeSchema,
});

export const ZTwoFactorStatusResponseSchema = resourceResponse(
  z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int() }),
);

export const ZTwoFactorPasswordRequestSchema = z.object({ password: z.string().min(1).max(128) });
export const ZTwoFactorConfirmRequestSchema = z.object({
  password: z.string().min(1).max(128),
  code: ZTwoFactorCodeSchema,
});

/** The secret to scan (a QR code as an SVG data URL) or type in. */
export const ZTwoFactorSetupResponseSchema = resourceResponse(
  z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() }),
);

/** Shown once: the ten single-use recovery codes. */
export const ZTwoFactorEnabledResponseSchema = z.object({
  message: z.string(),
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

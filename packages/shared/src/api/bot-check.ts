import { z } from "../validation/z";

/**
 * The bot check on the forms guests can post (registration, guest reports,
 * support tickets, password-reset requests): `altcha`, a proof of work solved in
 * the browser by the ALTCHA widget and checked by this site alone; `external`, the
 * configured captcha provider; `off`, nothing (load tests).
 */
export const botCheckModes = ["altcha", "external", "off"] as const;
export type TBotCheckMode = (typeof botCheckModes)[number];

export const botCheckMessages = {
  required: "Please complete the verification.",
  verifying: "Verifying…",
  verified: "Verified.",
  failed: "We could not verify this browser. Please try again.",
} as const;

/**
 * The ALTCHA widget's solved payload (base64 of `{challenge, solution}` JSON),
 * sent in the body field `altcha`. Optional in the schema so the site can run with
 * the check off; the server answers a missing one with `botCheckMessages.required`.
 */
export const ZAltchaPayloadSchema = z.string().max(4000).optional();

/**
 * A challenge exactly as altcha-lib v2 creates it (`GET /api/bot-check/challenge`).
 * Its parameters stay open to keys a later library version adds: the signature
 * covers all of them, so the answer must carry every one unchanged.
 */
export const ZAltchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type TAltchaChallenge = z.infer<typeof ZAltchaChallengeSchema>;

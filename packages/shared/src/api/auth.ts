import { limits } from "../constants/limits";
import { genders, seekingOptions } from "../constants/profile-options";
import { promoBadgeVariants, promoEventNames } from "../constants/promotions";
import { accountMessages as m } from "../validation/account-messages";
import { ageOn, isRealDate } from "../validation/age";
import { validationMessages } from "../validation/messages";
import { z } from "../validation/z";
import { ZAltchaPayloadSchema } from "./bot-check";
import { resourceResponse } from "./envelope";
import { ZSearchPreferencesSchema } from "./profiles";

/** Email as spec §5: valid, local part at most 64, domain at most 254. */
export const ZEmailSchema = z
  .string({ error: validationMessages.custom_email })
  .trim()
  .toLowerCase()
  .max(320, { error: validationMessages.custom_email })
  .pipe(z.email({ error: validationMessages.custom_email }))
  .refine(
    (email) => {
      const at = email.lastIndexOf("@");
      return at > 0 && at <= limits.emailLocalPartMax && email.length - at - 1 <= limits.emailDomainMax;
    },
    { error: validationMessages.custom_email },
  );

/** A username as members choose it at registration (also the rule for fictional profiles' names). */
export const ZUsernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, { error: m.usernameFormat });

export const ZCitySchema = z
  .string({ error: validationMessages.custom_city })
  .trim()
  .min(1, { error: validationMessages.custom_city })
  .max(80);

export const ZPasswordSchema = z.string().min(limits.passwordMinLength).max(limits.passwordMaxLength);

export const ZCampaignSchema = z
  .object({
    s1: z.string().max(100).optional(),
    s2: z.string().max(100).optional(),
    s3: z.string().max(100).optional(),
    s4: z.string().max(100).optional(),
    s5: z.string().max(100).optional(),
    gclid: z.string().max(200).optional(),
    tracking_id: z.string().max(100).optional(),
    landing: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .optional();

/**
 * Registration. `today` is the site's calendar date (SITE_TIMEZONE), so the
 * browser and the server apply the same 18+ rule on the same day.
 */
export function makeRegisterRequestSchema(today: () => string) {
  return (
    z
      .object({
        username: ZUsernameSchema,
        email: ZEmailSchema,
        password: ZPasswordSchema,
        password_confirmation: z.string(),
        birthdate: z.string().refine(isRealDate, { error: m.birthdateInvalid }),
        gender: z.enum(genders),
        seeking: z.enum(seekingOptions),
        city: ZCitySchema,
        terms: z.literal(true, { error: m.terms }),
        campaign: ZCampaignSchema,
        captcha_token: z.string().max(4000).optional(),
        bot_check_token: z.string().max(4000).optional(),
        altcha: ZAltchaPayloadSchema,
      })
      // Runs even when other fields failed, so the member sees every problem at once.
      .superRefine(
        (raw, context) => {
          const value = raw as Partial<Record<"password" | "password_confirmation" | "birthdate", unknown>>;
          if (typeof value.password === "string" && value.password !== value.password_confirmation) {
            context.addIssue({ code: "custom", path: ["password_confirmation"], message: m.passwordConfirmation });
          }
          if (typeof value.birthdate === "string" && isRealDate(value.birthdate)) {
            const age = ageOn(value.birthdate, today());
            if (age < limits.minimumAge) context.addIssue({ code: "custom", path: ["birthdate"], message: m.underage });
            else if (age > limits.maximumAge)
              context.addIssue({ code: "custom", path: ["birthdate"], message: m.birthdateInvalid });
          }
        },
        { when: (payload) => typeof payload.value === "object" && payload.value !== null },
      )
  );
}
export type TRegisterRequest = z.input<ReturnType<typeof makeRegisterRequestSchema>>;

export const ZLoginRequestSchema = z.object({
  email: ZEmailSchema,
  password: z.string().min(1).max(limits.passwordMaxLength),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const ZTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  expires_in: z.number().int(),
});
export const ZTokenResponseSchema = resourceResponse(ZTokenSchema);
export type TToken = z.infer<typeof ZTokenSchema>;

export const ZMessageResponseSchema = z.object({ message: z.string() });

export const ZTokenRequestSchema = z.object({ token: z.string().min(1).max(500) });

export const ZPasswordEmailRequestSchema = z.object({ email: ZEmailSchema, altcha: ZAltchaPayloadSchema });

export const ZPasswordResetRequestSchema = z
  .object({
    token: z.string().min(1).max(500),
    email: ZEmailSchema,
    password: ZPasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: m.passwordConfirmation,
  });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequestSchema>;

export const ZFeaturesSchema = z.object({
  promoBadge: z.enum(promoBadgeVariants).nullable(),
  muteUserNotifications: z.boolean(),
});

export const ZPreferencesSchema = z.object({
  search: ZSearchPreferencesSchema,
  email: z.object({ notifications: z.boolean(), newsletter: z.boolean() }),
});
export type TPreferences = z.infer<typeof ZPreferencesSchema>;

/** The current user (spec §3 "Current user"), as POST /api/me answers it. */
export const ZCurrentUserSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  pending_email: z.string().nullable(),
  credits: z.number().int(),
  has_unli_message: z.boolean(),
  primary_photo: z.object({ url: z.string() }).nullable(),
  gender: z.enum(genders),
  unread_messages_count: z.number().int(),
  new_visitors_count: z.number().int(),
  unread_favorites_count: z.number().int(),
  /** Likes and winks received since the member last opened that tab of "Likes you". */
  new_likes_count: z.number().int(),
  new_winks_count: z.number().int(),
  visits_count: z.number().int(),
  received_messages_count: z.number().int(),
  received_wink_interactions_count: z.number().int(),
  deactivated: z.boolean(),
  rv: z.boolean(),
  /** The running seasonal promotion (any of the nine events), null between events. */
  eventName: z.enum(promoEventNames).nullable(),
  features: ZFeaturesSchema,
  profile_complete: z.boolean(),
  choice: z.enum(seekingOptions),
  preferences: ZPreferencesSchema,
  has_account_deletion_promo: z.boolean(),
  scope: z.array(z.enum(["member", "operator", "admin"])),
  impersonated: z.boolean(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;
export const ZCurrentUserResponseSchema = resourceResponse(ZCurrentUserSchema);

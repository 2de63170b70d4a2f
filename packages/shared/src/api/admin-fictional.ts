import { australianStateCodes } from "../constants/australia";
import { limits } from "../constants/limits";
import { genders, seekingOptions } from "../constants/profile-options";
import { accountMessages } from "../validation/account-messages";
import { ageOn, isRealDate } from "../validation/age";
import { z } from "../validation/z";
import { ZCitySchema, ZUsernameSchema } from "./auth";
import { ZPageMetaSchema } from "./envelope";
import { ZOwnPhotoSchema } from "./photos";
import { ZUpdateProfileRequestSchema } from "./profiles";

/*
 * Admin: fictional profiles. The profile fields are the members'
 * own schemas (registration's username and city, the profile editor's option
 * fields), so a fictional profile passes exactly the rules a member's does.
 */

export const fictionalProfileMessages = {
  operatorsInvalid: "Choose operators from the list: every assigned account must have the operator role.",
  hoursInvalid: "Online hours must be whole hours from 0 to 23, each listed once.",
  atLeastOneField: "Give at least one field to change.",
} as const;

export const FICTIONAL_PROFILES_PAGE_SIZE = 25;

/** Hours of the site's day (SITE_TIMEZONE), 0-23, each at most once. */
export const ZOnlineHoursSchema = z
  .array(z.number().int().min(0).max(23), { error: fictionalProfileMessages.hoursInvalid })
  .max(24)
  .refine((hours) => new Set(hours).size === hours.length, { error: fictionalProfileMessages.hoursInvalid });

const profileFields = ZUpdateProfileRequestSchema.shape;

/** The fields an admin writes on a fictional profile; `today` is the site's date, for the 18+ rule. */
function fictionalProfileObject() {
  return z.object({
    username: ZUsernameSchema,
    gender: z.enum(genders),
    seeking: z.enum(seekingOptions),
    birthdate: z.string().refine(isRealDate, { error: accountMessages.birthdateInvalid }),
    state: z.enum(australianStateCodes),
    city: ZCitySchema,
    headline: profileFields.headline,
    about_me: profileFields.about_me,
    body_type: profileFields.body_type,
    eye_color: profileFields.eye_color,
    hair_color: profileFields.hair_color,
    tattoos_piercings: profileFields.tattoos_piercings,
    height_cm: profileFields.height_cm,
    relationship_status: profileFields.relationship_status,
    looking_for: profileFields.looking_for,
    interests: profileFields.interests,
  });
}

/** The registration rule: at least 18 and at most 100 on the site's date. */
function birthdateRule(today: () => string) {
  return (value: { birthdate?: unknown }, context: z.RefinementCtx) => {
    if (typeof value.birthdate !== "string" || !isRealDate(value.birthdate)) return;
    const age = ageOn(value.birthdate, today());
    if (age < limits.minimumAge)
      context.addIssue({ code: "custom", path: ["birthdate"], message: accountMessages.underage });
    else if (age > limits.maximumAge)
      context.addIssue({ code: "custom", path: ["birthdate"], message: accountMessages.birthdateInvalid });
  };
}

export function makeFictionalProfileCreateSchema(today: () => string) {
  return fictionalProfileObject()
    .extend({ online_hours: ZOnlineHoursSchema.optional() })
    .superRefine(birthdateRule(today), {
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    });
}
export type TFictionalProfileCreateRequest = z.input<ReturnType<typeof makeFictionalProfileCreateSchema>>;

/** Editing: any of the same fields, at least one. */
export function makeFictionalProfileUpdateSchema(today: () => string) {
  return fictionalProfileObject()
    .partial()
    .superRefine(
      (value, context) => {
        if (Object.keys(value).length === 0) {
          context.addIssue({ code: "custom", path: ["username"], message: fictionalProfileMessages.atLeastOneField });
        }
        birthdateRule(today)(value, context);
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    );
}
export type TFictionalProfileUpdateRequest = z.input<ReturnType<typeof makeFictionalProfileUpdateSchema>>;

export const ZFictionalProfileListQuerySchema = z.object({
  q: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TFictionalProfileListQuery = z.infer<typeof ZFictionalProfileListQuerySchema>;

export const ZAssignedOperatorSchema = z.object({ uuid: z.string(), username: z.string() });
export type TAssignedOperator = z.infer<typeof ZAssignedOperatorSchema>;

/** A row of the admin list: enough to find a profile and see who answers it and how busy it is. */
export const ZFictionalProfileSummarySchema = z.object({
  uuid: z.string(),
  username: z.string(),
  gender: z.enum(genders),
  age: z.number().int().nullable(),
  state: z.string().nullable(),
  city: z.string(),
  headline: z.string().nullable(),
  thumb_url: z.string(),
  online_hours: z.array(z.number().int()),
  online_now: z.boolean(),
  /** Empty: any operator answers it. */
  operators: z.array(ZAssignedOperatorSchema),
  conversations_count: z.number().int(),
  /** Conversations whose member wrote last: what the operator queue shows for this profile. */
  waiting_count: z.number().int(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
});
export type TFictionalProfileSummary = z.infer<typeof ZFictionalProfileSummarySchema>;

export const ZFictionalProfileListResponseSchema = z.object({
  data: z.array(ZFictionalProfileSummarySchema),
  meta: ZPageMetaSchema,
});
export type TFictionalProfileListResponse = z.infer<typeof ZFictionalProfileListResponseSchema>;

/** One profile for the edit form: every editable field as stored, its photos and its operators. */
export const ZFictionalProfileDetailSchema = ZFictionalProfileSummarySchema.extend({
  seeking: z.enum(seekingOptions),
  birthdate: z.string().nullable(),
  about_me: z.string().nullable(),
  body_type: z.number().int(),
  eye_color: z.number().int(),
  hair_color: z.number().int(),
  tattoos_piercings: z.number().int(),
  height_cm: z.number().int().nullable(),
  relationship_status: z.number().int().nullable(),
  looking_for: z.number().int().nullable(),
  interests: z.array(z.string()),
  photos: z.array(ZOwnPhotoSchema),
});
export type TFictionalProfileDetail = z.infer<typeof ZFictionalProfileDetailSchema>;
export const ZFictionalProfileResponseSchema = z.object({ data: ZFictionalProfileDetailSchema });

export const ZFictionalScheduleRequestSchema = z.object({ online_hours: ZOnlineHoursSchema });
export type TFictionalScheduleRequest = z.infer<typeof ZFictionalScheduleRequestSchema>;

export const ZFictionalOperatorsRequestSchema = z.object({
  operator_uuids: z
    .array(z.uuid({ error: fictionalProfileMessages.operatorsInvalid }))
    .max(50)
    .refine((uuids) => new Set(uuids).size === uuids.length, { error: fictionalProfileMessages.operatorsInvalid }),
});
export type TFictionalOperatorsRequest = z.infer<typeof ZFictionalOperatorsRequestSchema>;

/** Operators an admin may assign (accounts with the operator role), for the assignment picker. */
export const ZAssignableOperatorsResponseSchema = z.object({ data: z.array(ZAssignedOperatorSchema) });

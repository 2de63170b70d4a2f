import { australianStateCodes } from "../constants/australia";
import { genders, seekingOptions } from "../constants/profile-options";
import { validationMessages } from "../validation/messages";
import { z } from "../validation/z";
import { resourceResponse } from "./envelope";

export const ZPhotoUrlsSchema = z.object({ thumb: z.string(), large: z.string() });

/** A profile as other members see it. Never email, birthdate, balance, IP or any account field. */
export const ZPublicProfileSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  gender: z.enum(genders),
  seeking: z.enum(seekingOptions),
  age: z.number().int().nullable(),
  state: z.string().nullable(),
  city: z.string(),
  headline: z.string().nullable(),
  about_me: z.string().nullable(),
  body_type: z.number().int(),
  eye_color: z.number().int(),
  hair_color: z.number().int(),
  tattoos_piercings: z.number().int(),
  height_cm: z.number().int().nullable(),
  relationship_status: z.number().int().nullable(),
  looking_for: z.number().int().nullable(),
  interests: z.array(z.string()),
  last_active_at: z.string(),
  online: z.boolean(),
  primary_photo: ZPhotoUrlsSchema,
  photos: z.array(z.object({ uuid: z.string(), urls: ZPhotoUrlsSchema })),
});
export type TPublicProfile = z.infer<typeof ZPublicProfileSchema>;

export const ZRelationSchema = z.object({
  liked: z.boolean(),
  winked: z.boolean(),
  favorited: z.boolean(),
  blocked: z.boolean(),
});

export const ZProfileResponseSchema = resourceResponse(ZPublicProfileSchema.extend({ relation: ZRelationSchema }));

/** A card in search results and lists. */
export const ZProfileCardSchema = ZPublicProfileSchema.pick({
  uuid: true,
  username: true,
  gender: true,
  age: true,
  state: true,
  city: true,
  headline: true,
  last_active_at: true,
  online: true,
  primary_photo: true,
});
export type TProfileCard = z.infer<typeof ZProfileCardSchema>;

export const PROFILE_PAGE_SIZE = 24;

const booleanQuery = z
  .enum(["1", "0", "true", "false"])
  .optional()
  .transform((value) => value === "1" || value === "true");

export const ZProfileSearchQuerySchema = z.object({
  gender: z.enum(genders).optional(),
  age_min: z.coerce.number().int().min(18).max(100).optional(),
  age_max: z.coerce.number().int().min(18).max(100).optional(),
  state: z.enum(australianStateCodes).optional(),
  city: z.string().trim().max(80).optional(),
  online: booleanQuery,
  with_photo: booleanQuery,
  new_members: booleanQuery,
  sort: z.enum(["last_active", "newest", "distance"]).default("last_active"),
  cursor: z.string().max(200).optional(),
});
export type TProfileSearchQuery = z.infer<typeof ZProfileSearchQuerySchema>;

export const ZProfileSearchResponseSchema = z.object({
  data: z.array(ZProfileCardSchema),
  meta: z.object({ next_cursor: z.string().nullable(), per_page: z.number().int() }),
});

/** The member's own profile fields they may edit. */
export const ZUpdateProfileRequestSchema = z.object({
  seeking: z.enum(seekingOptions).optional(),
  state: z.enum(australianStateCodes).optional(),
  city: z
    .string({ error: validationMessages.custom_city })
    .trim()
    .min(1, { error: validationMessages.custom_city })
    .max(80)
    .optional(),
  headline: z.string().trim().max(120).optional(),
  about_me: z.string().trim().max(2000).optional(),
  body_type: z.number().int().min(1).max(7).optional(),
  eye_color: z.number().int().min(1).max(6).optional(),
  hair_color: z.number().int().min(1).max(7).optional(),
  tattoos_piercings: z.number().int().min(1).max(3).optional(),
  height_cm: z.number().int().min(120).max(230).nullable().optional(),
  relationship_status: z.number().int().min(1).max(7).nullable().optional(),
  looking_for: z.number().int().min(1).max(5).nullable().optional(),
  interests: z.array(z.string().trim().min(1).max(30)).max(12).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequestSchema>;

export const ZOwnProfileResponseSchema = resourceResponse(
  ZPublicProfileSchema.extend({ profile_complete: z.boolean(), birthdate: z.string().nullable() }),
);

import { australianStateCodes } from "../constants/australia";
import { genders, seekingOptions } from "../constants/profile-options";
import { SAVED_SEARCH_LIMIT } from "../constants/search";
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

export const searchSorts = ["last_active", "newest", "distance"] as const;
export type TSearchSort = (typeof searchSorts)[number];

/** Every filter and the sort of a search, as the address bar carries them. */
const searchFilterFields = {
  gender: z.enum(genders).optional(),
  age_min: z.coerce.number().int().min(18).max(100).optional(),
  age_max: z.coerce.number().int().min(18).max(100).optional(),
  state: z.enum(australianStateCodes).optional(),
  city: z.string().trim().max(80).optional(),
  online: booleanQuery,
  with_photo: booleanQuery,
  new_members: booleanQuery,
  body_type: z.coerce.number().int().min(1).max(7).optional(),
  height_min: z.coerce.number().int().min(120).max(230).optional(),
  height_max: z.coerce.number().int().min(120).max(230).optional(),
  looking_for: z.coerce.number().int().min(1).max(5).optional(),
  /** Comma-separated; a profile matches when it lists any of them (case-insensitive). */
  interests: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) =>
      value
        ?.split(",")
        .map((interest) => interest.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(30)).max(5).optional()),
  /** Part of a username, case-insensitive. */
  username: z.string().trim().min(2).max(30).optional(),
  sort: z.enum(searchSorts).default("last_active"),
};

/** A range whose upper end is below its lower end finds nobody: say so on the upper field. */
function rangesInOrder(
  filters: { age_min?: number; age_max?: number; height_min?: number; height_max?: number },
  context: z.RefinementCtx,
) {
  if (filters.age_min !== undefined && filters.age_max !== undefined && filters.age_max < filters.age_min) {
    context.addIssue({ code: "custom", path: ["age_max"], message: searchMessages.ageRange });
  }
  if (filters.height_min !== undefined && filters.height_max !== undefined && filters.height_max < filters.height_min) {
    context.addIssue({ code: "custom", path: ["height_max"], message: searchMessages.heightRange });
  }
}

export const searchMessages = {
  ageRange: "The age to field must be at least the age from field",
  heightRange: "The height to field must be at least the height from field",
  savedLimit: "You can keep up to 5 saved searches. Delete one to save this search.",
} as const;

export const ZSearchFiltersSchema = z.object(searchFilterFields).superRefine(rangesInOrder);
export type TSearchFilters = z.infer<typeof ZSearchFiltersSchema>;

export const ZProfileSearchQuerySchema = z
  .object({ ...searchFilterFields, cursor: z.string().max(200).optional() })
  .superRefine(rangesInOrder);
export type TProfileSearchQuery = z.infer<typeof ZProfileSearchQuerySchema>;

/** A search as address-bar parameters: what the URL, the last search and a saved search all hold. */
export type TSearchParams = Record<string, string>;

/**
 * The canonical parameters of parsed filters: defaults and empty values left out, in a fixed order, so the
 * same search always makes the same address (and the same saved entry).
 */
export function searchParamsOf(filters: TSearchFilters): TSearchParams {
  const params: TSearchParams = {};
  for (const key of Object.keys(searchFilterFields) as Array<keyof TSearchFilters>) {
    const value = filters[key];
    if (value === undefined || value === false || value === "") continue;
    if (key === "sort" && value === "last_active") continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params[key] = value.join(",");
    } else params[key] = value === true ? "1" : String(value);
  }
  return params;
}

export { SAVED_SEARCH_LIMIT };

export const ZSavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  params: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearchSchema>;

/** `preferences.search`: the member's last search and up to five named ones. */
export const ZSearchPreferencesSchema = z.object({
  last: z.record(z.string(), z.string()).nullable(),
  saved: z.array(ZSavedSearchSchema).max(SAVED_SEARCH_LIMIT),
});
export type TSearchPreferences = z.infer<typeof ZSearchPreferencesSchema>;

/** `params` are the address-bar parameters of the search, checked like the search itself. */
export const ZSaveSearchRequestSchema = z.object({
  name: z.string().trim().min(1).max(40),
  params: ZSearchFiltersSchema,
});
export type TSaveSearchRequest = z.infer<typeof ZSaveSearchRequestSchema>;

export const ZSearchPreferencesResponseSchema = resourceResponse(ZSearchPreferencesSchema);

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

/**
 * What /profile/complete still asks for, in the order the page shows them. Eye and hair colour, body
 * type and tattoos are left out on purpose: "Unknown" is an honest answer there, so it never blocks
 * a member. A photo is asked for but not required: a member cannot upload one before
 * confirming their email, and moderation may take a while.
 */
export const profileCompletionFields = ["headline", "about_me", "state", "relationship_status", "looking_for"] as const;
export type TProfileCompletionField = (typeof profileCompletionFields)[number];

/** How the page names each missing piece: the form's own labels. */
export const profileCompletionLabels: Record<TProfileCompletionField, string> = {
  headline: "Headline",
  about_me: "About me",
  state: "State",
  relationship_status: "Relationship status",
  looking_for: "Looking for",
};

export const ZOwnProfileResponseSchema = resourceResponse(
  ZPublicProfileSchema.extend({
    profile_complete: z.boolean(),
    /** Empty exactly when profile_complete is true. */
    profile_missing: z.array(z.enum(profileCompletionFields)),
    birthdate: z.string().nullable(),
  }),
);

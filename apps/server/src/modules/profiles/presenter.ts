import type { TProfileCard, TPublicProfile } from "@velvet/shared/api/profiles";
import { ageOn } from "@velvet/shared/validation/age";
import type { UserRow } from "../../platform/members/types";
import type { FileStorage } from "../../platform/storage/storage";
import { isOnlineNow } from "./online";
import { defaultAvatar, photoUrls } from "./photo-urls";

export interface PresentationContext {
  storage: FileStorage;
  today: string;
  now: number;
  /** The hour of the site's day, for fictional profiles' online schedules. */
  hour: number;
}

type CardSource = Pick<
  UserRow,
  | "uuid"
  | "username"
  | "gender"
  | "birthdate"
  | "state"
  | "city"
  | "headline"
  | "lastActiveAt"
  | "isFictional"
  | "onlineHours"
> & {
  primaryPhotoKey: string | null;
};

/** Explicit fields only: nothing of the account (email, birthdate, IP, balance) ever leaves here. */
export function presentCard(row: CardSource, context: PresentationContext): TProfileCard {
  return {
    uuid: row.uuid,
    username: row.username,
    gender: row.gender === "male" ? "male" : "female",
    age: row.birthdate ? ageOn(row.birthdate, context.today) : null,
    state: row.state,
    city: row.city,
    headline: row.headline,
    last_active_at: row.lastActiveAt.toISOString(),
    online: isOnlineNow(row, context.now, context.hour),
    primary_photo: row.primaryPhotoKey ? photoUrls(context.storage, row.primaryPhotoKey) : defaultAvatar(row.gender),
  };
}

export function presentProfile(
  user: UserRow,
  photos: Array<{ uuid: string; storageKey: string; isPrimary: boolean }>,
  context: PresentationContext,
): TPublicProfile {
  const primary = photos.find((photo) => photo.isPrimary) ?? photos[0];
  return {
    ...presentCard({ ...user, primaryPhotoKey: primary?.storageKey ?? null }, context),
    seeking: user.seeking === "male" || user.seeking === "female" ? user.seeking : "both",
    about_me: user.aboutMe,
    body_type: user.bodyType,
    eye_color: user.eyeColor,
    hair_color: user.hairColor,
    tattoos_piercings: user.tattoosPiercings,
    height_cm: user.heightCm,
    relationship_status: user.relationshipStatus,
    looking_for: user.lookingFor,
    interests: user.interests,
    photos: photos.map((photo) => ({ uuid: photo.uuid, urls: photoUrls(context.storage, photo.storageKey) })),
  };
}

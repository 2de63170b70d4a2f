import type { TProfileCard, TPublicProfile } from "@velvet/shared/api/profiles";
import { ageOn } from "@velvet/shared/validation/age";
import type { FileStorage } from "../../platform/storage/storage";
import type { UserRow } from "../auth/session-service";
import { defaultAvatar, photoUrls } from "./photo-urls";

/** Active within this window counts as online now. */
export const ONLINE_WINDOW_MS = 10 * 60_000;

export interface PresentationContext {
  storage: FileStorage;
  today: string;
  now: number;
}

type CardSource = Pick<
  UserRow,
  "uuid" | "username" | "gender" | "birthdate" | "state" | "city" | "headline" | "lastActiveAt"
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
    online: context.now - row.lastActiveAt.getTime() < ONLINE_WINDOW_MS,
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

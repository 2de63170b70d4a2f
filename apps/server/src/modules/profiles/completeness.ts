import { profileCompletionFields, type TProfileCompletionField } from "@velvet/shared/api/profiles";
import type { UserRow } from "../../platform/members/types";

/**
 * What /profile/complete still needs before a new member goes on to the dashboard: a few
 * words and what they are looking for. Eye and hair colour, body type and tattoos are not asked for,
 * since "Unknown" is a valid answer to each; nor is a photo, which an unconfirmed member cannot upload
 * yet (the page still invites one). The profiles feature owns the page and the rule; sign-in (auth)
 * redirects on it.
 */
export function missingForCompletion(user: UserRow): TProfileCompletionField[] {
  const given: Record<TProfileCompletionField, boolean> = {
    headline: Boolean(user.headline),
    about_me: Boolean(user.aboutMe),
    state: Boolean(user.state),
    relationship_status: user.relationshipStatus !== null,
    looking_for: user.lookingFor !== null,
  };
  return profileCompletionFields.filter((field) => !given[field]);
}

export function isProfileComplete(user: UserRow): boolean {
  return missingForCompletion(user).length === 0;
}

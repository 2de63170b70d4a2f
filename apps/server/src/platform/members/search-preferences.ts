import type { TSearchPreferences } from "@velvet/shared/api/profiles";
import type { UserPreferences } from "../db/schema/members";

/**
 * `preferences.search` as the API shows it. Here rather than in the profiles module because the current
 * user (auth) and the preferences endpoint (accounts) show it too. Anything stored before saved searches existed gave
 * it this shape (a flat record nothing wrote) reads as "no search yet".
 */
export function presentSearchPreferences(preferences: UserPreferences): TSearchPreferences {
  const search = preferences.search;
  const last = search?.last && typeof search.last === "object" ? search.last : null;
  const saved = Array.isArray(search?.saved) ? search.saved : [];
  return { last, saved };
}

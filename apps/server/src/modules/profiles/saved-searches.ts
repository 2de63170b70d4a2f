import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import {
  SAVED_SEARCH_LIMIT,
  searchMessages,
  searchParamsOf,
  type TSearchFilters,
  type TSearchPreferences,
} from "@velvet/shared/api/profiles";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { NAMED_BY_TEXT } from "../../platform/db/statement-names";
import { AppError } from "../../platform/http/app-error";
import { presentSearchPreferences } from "../../platform/members/search-preferences";
import type { SessionUser } from "../../platform/members/types";

/**
 * The last search and the saved ones live in `preferences.search`, each as the canonical
 * address-bar parameters of its filters, so re-running one is opening /dashboard with them.
 * Every write touches only the `search` key: the email settings beside it are never rewritten.
 */

/**
 * Remembers a search as the member's last one. A repeat of the same search (back on the dashboard, the grid
 * refreshed) sends nothing: the member's row, read for this very request, already holds it. Otherwise the update
 * still writes only when the stored one differs (another tab may have written it since).
 */
export async function rememberLastSearch(context: AppContext, viewer: SessionUser, filters: TSearchFilters) {
  const params = searchParamsOf(filters);
  if (isDeepStrictEqual(viewer.preferences.search?.last, params)) return;
  const last = JSON.stringify(params);
  await context.database.db
    .update(users)
    .set({
      preferences: sql`jsonb_set(${users.preferences}, '{search}', coalesce(${users.preferences}->'search', '{}'::jsonb) || jsonb_build_object('last', ${last}::jsonb))`,
    })
    .where(sql`${users.id} = ${viewer.id} and ${users.preferences}->'search'->'last' is distinct from ${last}::jsonb`)
    // Planned once per connection: it follows most first pages of a search.
    .prepare(NAMED_BY_TEXT)
    .execute();
}

export async function readSearchPreferences(context: AppContext, viewer: SessionUser): Promise<TSearchPreferences> {
  const [row] = await context.database.db
    .select({ preferences: users.preferences })
    .from(users)
    .where(eq(users.id, viewer.id));
  return presentSearchPreferences(row?.preferences ?? {});
}

/** Changes the saved list under a row lock, so two tabs saving at once cannot exceed the limit. */
async function changeSaved(
  context: AppContext,
  viewer: SessionUser,
  change: (saved: TSearchPreferences["saved"]) => TSearchPreferences["saved"],
): Promise<TSearchPreferences> {
  return context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ preferences: users.preferences })
      .from(users)
      .where(eq(users.id, viewer.id))
      .for("update");
    const current = presentSearchPreferences(row?.preferences ?? {});
    const next = { ...current, saved: change(current.saved) };
    await tx
      .update(users)
      .set({ preferences: sql`jsonb_set(${users.preferences}, '{search}', ${JSON.stringify(next)}::jsonb)` })
      .where(eq(users.id, viewer.id));
    return next;
  });
}

/** Saves a named search; a name already saved (in any case) is replaced, a sixth name is refused. */
export function saveSearch(context: AppContext, viewer: SessionUser, name: string, filters: TSearchFilters) {
  return changeSaved(context, viewer, (saved) => {
    const entry = { id: randomUUID(), name, params: searchParamsOf(filters), created_at: new Date().toISOString() };
    const others = saved.filter((search) => search.name.toLowerCase() !== name.toLowerCase());
    if (others.length >= SAVED_SEARCH_LIMIT) throw AppError.field("name", searchMessages.savedLimit);
    return [entry, ...others];
  });
}

/** Deletes one of the member's own saved searches: the list is theirs, so another member's id matches nothing. */
export function deleteSavedSearch(context: AppContext, viewer: SessionUser, id: string) {
  return changeSaved(context, viewer, (saved) => {
    if (!saved.some((search) => search.id === id)) throw new AppError("not_found");
    return saved.filter((search) => search.id !== id);
  });
}

import { searchParamsOf, type TSearchParams, ZSearchFiltersSchema } from "@velvet/shared/api/profiles";
import type { FieldErrors } from "@velvet/shared/validation/field-errors";

/** What the search form holds: the address-bar parameters, every value a string (issue 20). */
export type SearchParams = TSearchParams;

export interface SearchFromAddress {
  /** The canonical parameters of the valid part of the address: what runs. */
  params: SearchParams;
  /** Why a field was left out, in the same English as the server's 422 (same shared schema). */
  errors: FieldErrors;
}

/**
 * Reads a search from the address bar with the shared schema. A hand-edited or stale address never breaks
 * the page: each field the schema refuses is named in `errors` and left out of the search that runs.
 */
export function searchFromAddress(query: URLSearchParams | SearchParams): SearchFromAddress {
  let raw: Record<string, string> = query instanceof URLSearchParams ? Object.fromEntries(query) : { ...query };
  const errors: FieldErrors = {};
  for (let attempt = 0; attempt < 20; attempt++) {
    const parsed = ZSearchFiltersSchema.safeParse(raw);
    if (parsed.success) return { params: searchParamsOf(parsed.data), errors };
    const next = { ...raw };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      errors[field] = [...(errors[field] ?? []), issue.message];
      delete next[field];
    }
    raw = next;
  }
  return { params: {}, errors };
}

/** Whether a search narrows anything (the default search has no parameters). */
export function isDefaultSearch(params: SearchParams): boolean {
  return Object.keys(params).length === 0;
}

export function searchHref(params: SearchParams): string {
  const query = new URLSearchParams(params).toString();
  return query ? `/dashboard?${query}` : "/dashboard";
}

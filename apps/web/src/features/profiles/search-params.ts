import type { TSearchParams } from "@velvet/shared/api/profiles";
import type { FieldErrors } from "@velvet/shared/validation/field-errors";
import { useCallback, useEffect, useState } from "react";
import { withChunkReload } from "../../app/chunk-reload";

/** What the search form holds: the address-bar parameters, every value a string. */
export type SearchParams = TSearchParams;

export interface SearchFromAddress {
  /** The canonical parameters of the valid part of the address: what runs. */
  params: SearchParams;
  /** Why a field was left out, in the same English as the server's 422 (same shared schema). */
  errors: FieldErrors;
}

type SearchSchema = Pick<typeof import("@velvet/shared/api/profiles"), "ZSearchFiltersSchema" | "searchParamsOf">;

/**
 * The shared search schema, and zod with it (25 KB gzipped), loads only once a search has parameters to check:
 * a member landing on a bare /dashboard with no last search never needs it (the dashboard's first
 * load). The filters form asks for it as soon as the member reaches for it.
 */
let schema: SearchSchema | null = null;
let loading: Promise<void> | null = null;
const importSchema = withChunkReload(() => import("@velvet/shared/api/profiles"));

export function loadSearchSchema(): Promise<void> {
  loading ??= importSchema().then(
    (module) => {
      schema = module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function searchSchemaLoaded(): boolean {
  return schema !== null;
}

/**
 * Reads a search from the address bar with the shared schema. A hand-edited or stale address never breaks
 * the page: each field the schema refuses is named in `errors` and left out of the search that runs.
 * An empty search needs no schema; any other needs `loadSearchSchema()` to have finished.
 */
export function searchFromAddress(query: URLSearchParams | SearchParams): SearchFromAddress {
  let raw: Record<string, string> = query instanceof URLSearchParams ? Object.fromEntries(query) : { ...query };
  const errors: FieldErrors = {};
  if (Object.keys(raw).length === 0) return { params: {}, errors };
  if (!schema) throw new Error("searchFromAddress needs the search schema: await loadSearchSchema() first");
  for (let attempt = 0; attempt < 20; attempt++) {
    const parsed = schema.ZSearchFiltersSchema.safeParse(raw);
    if (parsed.success) return { params: schema.searchParamsOf(parsed.data), errors };
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

export interface SearchSchemaState {
  ready: boolean;
  failed: boolean;
  retry(): void;
}

/** Loads the search schema once `needed`; `failed` when its chunk could not load (offline), until `retry`. */
export function useSearchSchema(needed: boolean): SearchSchemaState {
  const [ready, setReady] = useState(searchSchemaLoaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ready || !needed || failed) return;
    let live = true;
    loadSearchSchema().then(
      () => live && setReady(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [ready, needed, failed]);
  // Clearing the failure runs the effect again.
  const retry = useCallback(() => setFailed(false), []);
  return { ready, failed, retry };
}

/** Whether a search narrows anything (the default search has no parameters). */
export function isDefaultSearch(params: SearchParams): boolean {
  return Object.keys(params).length === 0;
}

export function searchHref(params: SearchParams): string {
  const query = new URLSearchParams(params).toString();
  return query ? `/dashboard?${query}` : "/dashboard";
}

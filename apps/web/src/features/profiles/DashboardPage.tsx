import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useMediaQuery } from "../../lib/use-media-query";
import { toast } from "../../ui/toast";
import { AddressEcho } from "./address-echo";
import { ProfileGrid } from "./ProfileGrid";
import { fetchSearchPreferences, savedSearchesKey, searchProfiles } from "./profile-api";
import { SavedSearches } from "./SavedSearches";
import { SearchFiltersForm } from "./SearchFilters";
import {
  isDefaultSearch,
  loadSearchSchema,
  type SearchParams,
  searchFromAddress,
  searchSchemaLoaded,
  useSearchSchema,
} from "./search-params";

/** Where the filters stop being a sheet and become the side panel: Tailwind's `lg`, as the classes below use it. */
const SIDE_PANEL_QUERY = "(min-width: 64rem)";

/** The member reached for the filters: their first change will need the schema, so fetch it now. */
function loadSchemaSoon(): void {
  loadSearchSchema().catch(() => undefined);
}

/**
 * Browse and search: filters as a side panel on desktop and a sheet on mobile; infinite scroll.
 * The address bar is the search: every filter and the sort are its parameters, so Back,
 * a reload or a shared link show the same results; /dashboard with none opens the member's last search.
 */
export default function DashboardPage() {
  const [address, setAddress] = useSearchParams();
  // Fetched again on every arrival, however fresh the cached copy: each search this visit changed the last one
  // on the server without touching the copy, and a bare arrival waits for the fresh one (below).
  const preferences = useQuery({
    queryKey: savedSearchesKey,
    queryFn: fetchSearchPreferences,
    refetchOnMount: "always",
  });
  const last = preferences.data?.last;
  const hasLast = Boolean(last && Object.keys(last).length > 0);
  // Only a search with parameters (in the address, or the last one to restore) needs the schema to read it.
  const searchSchema = useSearchSchema(address.size > 0 || hasLast);
  const checkingAddress = address.size > 0 && !searchSchema.ready;
  const { params, errors } = useMemo(
    () => (checkingAddress ? { params: {}, errors: {} } : searchFromAddress(address)),
    [address, checkingAddress],
  );
  const [sheetOpen, setSheetOpen] = useState(false);
  // On a phone the side panel is hidden: its ~280 elements (the form's lists, the saved searches) are not built
  // there, nor rebuilt each time a query answers during the first load; the sheet builds its own when opened.
  const sidePanelShown = useMediaQuery(SIDE_PANEL_QUERY);
  // What the form shows: the member's choice at once, before the router has moved to the new address
  // (two quick changes must not read the same old address), then whatever the address says.
  const [draft, setDraft] = useState<SearchParams>(() => Object.fromEntries(address));
  const echo = useRef(new AddressEcho());
  useEffect(() => {
    if (echo.current.arrived(address.toString())) setDraft(Object.fromEntries(address));
  }, [address]);

  // Only on arrival with a bare address: afterwards an empty address is the member clearing the filters.
  const [arrivedBare, setArrivedBare] = useState(() => address.size === 0);
  // A copy cached earlier in this visit may be older than the last search: wait for the fresh one (on the first
  // render with a cached copy the refetch has not started yet, so "fetching" alone is not enough).
  const loadingLast = preferences.isPending || preferences.isFetching || !preferences.isFetchedAfterMount;
  // Through the schema again: the stored copy's keys come back in the database's order, not the address's.
  // undefined: there is one, and the schema to read it is still loading.
  const lastParams = useMemo(() => {
    if (!last || !hasLast) return null;
    if (!searchSchema.ready) return undefined;
    const checked = searchFromAddress(last).params;
    return isDefaultSearch(checked) ? null : checked;
  }, [last, hasLast, searchSchema.ready]);
  // No search until the last one is in the address: a bare search meanwhile would also become the member's last
  // one on the server. The router applies a new address in a transition, so other renders can come first.
  const restoring = arrivedBare && (loadingLast || lastParams !== null);
  useEffect(() => {
    if (!arrivedBare) return;
    if (address.size > 0) setArrivedBare(false);
    else if (!loadingLast && lastParams !== undefined) {
      if (lastParams) setAddress(lastParams, { replace: true });
      else setArrivedBare(false);
    }
  }, [arrivedBare, address, loadingLast, lastParams, setAddress]);

  // The address keeps what the member chose in canonical form; a field the schema refuses stays as typed
  // so the form can say what is wrong with it, and the search runs without it.
  const change = (next: SearchParams) => {
    if (!isDefaultSearch(next) && !searchSchemaLoaded()) {
      // The form asked for the schema when the member reached for it; this change applies once it is here.
      setDraft(next);
      void loadSearchSchema().then(
        () => latestChange.current(next),
        () => toast.error("The filters could not load. Check your connection and try again."),
      );
      return;
    }
    const checked = searchFromAddress(next);
    const kept = { ...checked.params };
    for (const field of Object.keys(checked.errors)) {
      const typed = next[field];
      if (typed !== undefined) kept[field] = typed;
    }
    setDraft(kept);
    echo.current.requested(new URLSearchParams(kept).toString(), address.toString());
    setAddress(kept, { replace: true });
  };
  const latestChange = useRef(change);
  latestChange.current = change;

  const query = useInfiniteQuery({
    queryKey: ["profiles", "search", params],
    queryFn: ({ pageParam, signal }) => searchProfiles(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.meta.next_cursor,
    enabled: !restoring && !checkingAddress,
  });
  const profiles = query.data?.pages.flatMap((page) => page.data) ?? [];
  const filters = (
    <>
      <SavedSearches params={params} saved={preferences.data?.saved ?? []} />
      <div className="pt-4">
        <SearchFiltersForm value={draft} errors={errors} onChange={change} onReach={loadSchemaSoon} />
      </div>
      {!isDefaultSearch(params) ? (
        <button
          type="button"
          className="mt-4 text-sm font-semibold text-rose-600 hover:underline"
          onClick={() => change({})}
        >
          Clear filters
        </button>
      ) : null}
    </>
  );

  return (
    <div className="page-container py-6 sm:py-10">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">Search</h1>
          <p className="mt-1 text-muted">Singles across Australia, most recently active first.</p>
        </div>
        <button
          type="button"
          className="btn-outline lg:hidden"
          onClick={() => setSheetOpen(true)}
          aria-expanded={sheetOpen}
        >
          Filters{isDefaultSearch(params) ? "" : ` (${Object.keys(params).length})`}
        </button>
      </div>
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block" aria-label="Search filters">
          {sidePanelShown ? (
            <div className="card sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto p-5">{filters}</div>
          ) : null}
        </aside>
        <section aria-label="Profiles">
          <ProfileGrid
            profiles={profiles}
            loading={(restoring || checkingAddress || query.isPending) && !searchSchema.failed}
            error={query.isError || searchSchema.failed}
            hasMore={Boolean(query.hasNextPage)}
            loadingMore={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            onRetry={() => (searchSchema.failed ? searchSchema.retry() : void query.refetch())}
            empty="Nobody matches these filters yet. Try a wider age range or all of Australia."
          />
        </section>
      </div>
      {sheetOpen ? (
        <div className="fixed inset-0 z-50 lg:hidden" role="dialog" aria-modal="true" aria-label="Filters">
          <button
            type="button"
            className="absolute inset-0 bg-velvet-950/50"
            aria-label="Close filters"
            onClick={() => setSheetOpen(false)}
          />
          <div className="absolute inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-3xl bg-white p-6 shadow-lift">
            <div className="mb-4 flex items-center justify-between">
              <h2 className="text-xl font-semibold text-velvet-900">Filters</h2>
              <button type="button" className="btn-primary px-4 py-2" onClick={() => setSheetOpen(false)}>
                Show results
              </button>
            </div>
            {filters}
          </div>
        </div>
      ) : null}
    </div>
  );
}

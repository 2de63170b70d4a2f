import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ProfileGrid } from "./ProfileGrid";
import { type SearchFilters, searchProfiles } from "./profile-api";
import { SearchFiltersForm } from "./SearchFilters";

/** Browse and search: filters as a side panel on desktop and a sheet on mobile; infinite scroll. */
export default function DashboardPage() {
  const [filters, setFilters] = useState<SearchFilters>({ sort: "last_active" });
  const [sheetOpen, setSheetOpen] = useState(false);
  const query = useInfiniteQuery({
    queryKey: ["profiles", "search", filters],
    queryFn: ({ pageParam, signal }) => searchProfiles(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  const profiles = query.data?.pages.flatMap((page) => page.data) ?? [];

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
          Filters
        </button>
      </div>
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block">
          <div className="card sticky top-24 p-5">
            <SearchFiltersForm value={filters} onChange={setFilters} />
          </div>
        </aside>
        <section aria-label="Profiles">
          <ProfileGrid
            profiles={profiles}
            loading={query.isPending}
            error={query.isError}
            hasMore={Boolean(query.hasNextPage)}
            loadingMore={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            onRetry={() => void query.refetch()}
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
            <SearchFiltersForm value={filters} onChange={setFilters} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

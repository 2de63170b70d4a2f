import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ProfileGrid } from "./ProfileGrid";
import { type CardListPath, fetchCardList } from "./profile-api";

/** A cursor-paged list of profile cards (favorites, visitors, likes). */
export function CardList({
  path,
  params,
  queryKey,
  empty,
}: {
  path: CardListPath;
  params: Record<string, string>;
  queryKey: unknown[];
  empty: ReactNode;
}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchCardList(path, params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  return (
    <ProfileGrid
      profiles={query.data?.pages.flatMap((page) => page.data) ?? []}
      loading={query.isPending}
      error={query.isError}
      hasMore={Boolean(query.hasNextPage)}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      onRetry={() => void query.refetch()}
      empty={empty}
    />
  );
}

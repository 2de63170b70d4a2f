import { useQuery } from "@tanstack/react-query";
import { timings } from "@velvet/shared/constants/limits";
import type { EndpointResult } from "@velvet/shared/contract/endpoint";
import type { presenceEndpoints } from "@velvet/shared/contract/presence";
import { apiRequest } from "../lib/api-client";
import { formatCount } from "../lib/format-count";

type OnlineCountAnswer = EndpointResult<typeof presenceEndpoints.onlineCount>;

/**
 * "N online now" in the navbar, refreshed every 5 minutes (spec §7, §9) without moving the loading bar.
 * The navbar is in every page's first load and fetches at once: loading the contract would bring zod into the first
 * load (past its 150 KB budget), so this one call is typed from the contract (types only) and not checked at run
 * time, like the bootstrap client-config fetch (docs/api.md, exceptions).
 */
export function OnlineCount({ tone }: { tone: "light" | "dark" }) {
  const query = useQuery({
    queryKey: ["onlines-count"],
    queryFn: async () => {
      const response = await apiRequest<OnlineCountAnswer>("GET", "/onlines/count", { progress: false });
      return response.data.online;
    },
    refetchInterval: timings.onlineCountRefreshMs,
    staleTime: timings.onlineCountRefreshMs,
  });
  if (query.data === undefined) return null;
  return (
    <span
      className={`hidden items-center gap-1.5 text-xs font-semibold lg:inline-flex ${tone === "light" ? "text-white/80" : "text-velvet-700"}`}
    >
      <span className="size-2 rounded-full bg-online" aria-hidden="true" />
      {formatCount(query.data)} online now
    </span>
  );
}

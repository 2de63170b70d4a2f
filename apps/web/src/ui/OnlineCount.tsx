import { useQuery } from "@tanstack/react-query";
import { timings } from "@velvet/shared/constants/limits";
import { api } from "../lib/api-client";

/** "N online now" in the navbar, refreshed every 5 minutes (spec §7, §9) without moving the loading bar. */
export function OnlineCount({ tone }: { tone: "light" | "dark" }) {
  const query = useQuery({
    queryKey: ["onlines-count"],
    queryFn: () =>
      api
        .get<{ data: { online: number } }>("/onlines/count", { progress: false })
        .then((response) => response.data.online),
    refetchInterval: timings.onlineCountRefreshMs,
    staleTime: timings.onlineCountRefreshMs,
  });
  if (query.data === undefined) return null;
  return (
    <span
      className={`hidden items-center gap-1.5 text-xs font-semibold lg:inline-flex ${tone === "light" ? "text-white/80" : "text-velvet-700"}`}
    >
      <span className="size-2 rounded-full bg-online" aria-hidden="true" />
      {query.data.toLocaleString("en-AU")} online now
    </span>
  );
}

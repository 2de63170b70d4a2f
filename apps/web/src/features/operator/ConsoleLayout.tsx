import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Logo } from "../../ui/Logo";
import { logout, useAuthStore } from "../auth";
import { formatWaiting, siteToday } from "./clock";
import { fetchStats, operatorKeys } from "./operator-api";

function TodayStats() {
  const me = useAuthStore((state) => state.user?.uuid);
  const day = siteToday();
  const { data } = useQuery({
    queryKey: operatorKeys.stats(day),
    queryFn: () => fetchStats(day),
    refetchInterval: 60_000,
  });
  const mine = data?.operators.find((row) => row.operator.uuid === me);
  return (
    <dl className="hidden items-center gap-5 text-xs text-velvet-200 md:flex">
      <div className="flex items-baseline gap-1.5">
        <dt>Replies today</dt>
        <dd className="text-sm font-semibold text-white">{mine?.replies ?? 0}</dd>
      </div>
      <div className="flex items-baseline gap-1.5">
        <dt>Per hour</dt>
        <dd className="text-sm font-semibold text-white">{mine?.replies_per_hour ?? 0}</dd>
      </div>
      <div className="flex items-baseline gap-1.5">
        <dt>Median first reply</dt>
        <dd className="text-sm font-semibold text-white">
          {mine?.median_first_response_seconds == null ? "–" : formatWaiting(mine.median_first_response_seconds)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The console's own frame (the route uses the bare layout): a slim header
 * with the day's numbers and the desk below, filling the window so each
 * column scrolls on its own.
 */
export function ConsoleLayout({
  children,
  locks,
  onHelp,
}: {
  children: ReactNode;
  locks: ReactNode;
  /** Opens the keys and settings overlay. */
  onHelp(): void;
}) {
  const username = useAuthStore((state) => state.user?.username);
  return (
    <div className="flex h-dvh flex-col bg-cream-100">
      <header className="flex h-14 shrink-0 items-center gap-2 bg-velvet-950 px-3 text-white sm:gap-4 sm:px-5">
        <Logo compactOnMobile />
        <span className="rounded-pill bg-white/10 px-2.5 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-rose-400 uppercase">
          <span className="hidden sm:inline">Operator </span>console
        </span>
        <div className="flex-1" />
        <TodayStats />
        {locks}
        <button
          type="button"
          onClick={onHelp}
          aria-label="Keyboard shortcuts and desk settings"
          title="Keyboard shortcuts and desk settings (?)"
          className="rounded-pill px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-velvet-100 ring-1 ring-white/20 hover:bg-white/10"
        >
          <span aria-hidden="true" className="sm:hidden">
            ?
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            Keys &amp; settings
          </span>
        </button>
        <div className="flex items-center gap-2 text-sm">
          <span className="hidden text-velvet-200 sm:inline">{username}</span>
          <button
            type="button"
            onClick={() => void logout("header")}
            className="rounded-pill px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-velvet-100 ring-1 ring-white/20 hover:bg-white/10"
          >
            Log out
          </button>
        </div>
      </header>
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}

import { useEffect, useState } from "react";
import { clientConfig } from "../../lib/client-config";

/** Today on the site's calendar ("2026-03-12"), as the stats API counts days. */
export function siteToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: clientConfig().siteTimezone }).format(new Date());
}

/** "5:07" for a countdown (whole seconds left, never rounded up); "0:00" once it is over. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** "45 s", "12 min", "3 h 05" for how long a member has been waiting. */
export function formatWaiting(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")}`;
}

/** How urgent a wait looks: fresh under 2 minutes, late from 10. */
export function waitingTone(seconds: number): "fresh" | "due" | "late" {
  if (seconds < 120) return "fresh";
  return seconds < 600 ? "due" : "late";
}

/** The current time, ticking every second while the component is mounted (countdowns, waiting times). */
export function useSecondTicker(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

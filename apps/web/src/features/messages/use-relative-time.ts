import { useCallback, useSyncExternalStore } from "react";
import { COMPACT_MEDIA_QUERY, RELATIVE_TIME_REFRESH_MS, type RelativeTimeStyle, relativeTime } from "./relative-time";

/**
 * One clock for every label on the page: a single interval while anything
 * listens, so a long conversation does not run a timer per bubble.
 */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribeToClock(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, RELATIVE_TIME_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function subscribeToWidth(listener: () => void) {
  const query = window.matchMedia(COMPACT_MEDIA_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** True on screens 768 px wide or less (spec §9 compact layout). */
export function useCompactScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(COMPACT_MEDIA_QUERY).matches,
    () => false,
  );
}

/**
 * A formatter for relative times that re-renders its component every 60 s:
 * compact on small screens unless a style is asked for (a sentence such as "Active 5 min ago").
 */
export function useRelativeTime(): (when: string | number, style?: RelativeTimeStyle) => string {
  const current = useSyncExternalStore(subscribeToClock, () => now);
  const compact = useCompactScreen();
  return useCallback(
    (when: string | number, style?: RelativeTimeStyle) =>
      relativeTime(when, current, style ?? (compact ? "compact" : "long")),
    [current, compact],
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { browserSettleSignals, whenPageSettled } from "./page-settled";

let settled = false;
let watching = false;
let pageRendered = false;
let startWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

/**
 * The router shows the first page (ui: LayoutOutlet, which renders once the first page's guards and chunk are in).
 * Until then the app frame shows over index.html's brand bar (app/BootShell.tsx): a paint and an idle moment
 * then say nothing about the page, whose requests have not started yet, so the watch waits for this.
 */
export function markFirstPageRendered(): void {
  if (pageRendered) return;
  pageRendered = true;
  startWatching?.();
  startWatching = null;
}

/**
 * Whether the first page of this visit has settled (page-settled.ts); once it has, it stays so for the visit. The
 * watch starts once the first page has rendered (markFirstPageRendered) and a component asks.
 */
export function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (!watching) {
        watching = true;
        const watch = () =>
          void whenPageSettled(browserSettleSignals(queryClient)).then(() => {
            settled = true;
            for (const notify of listeners) notify();
          });
        if (pageRendered) watch();
        else startWatching = watch;
      }
      return () => listeners.delete(listener);
    },
    () => settled,
    () => false,
  );
}

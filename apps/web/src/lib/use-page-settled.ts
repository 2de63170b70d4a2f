import { useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { browserSettleSignals, whenPageSettled } from "./page-settled";

let settled = false;
let watching = false;
const listeners = new Set<() => void>();

/**
 * Whether the first page of this visit has settled (page-settled.ts); once it has, it stays so for the visit. The
 * watch starts with the first component that asks, after the app shell's first render with its page.
 */
export function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (!watching) {
        watching = true;
        void whenPageSettled(browserSettleSignals(queryClient)).then(() => {
          settled = true;
          for (const notify of listeners) notify();
        });
      }
      return () => listeners.delete(listener);
    },
    () => settled,
    () => false,
  );
}

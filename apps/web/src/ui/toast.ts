import type { ExternalToast } from "sonner";

/**
 * The app's toasts, without sonner in the chunk that asks for one: sonner, and the toaster that shows its toasts
 * (ui/AppToaster.tsx), load with the first toast. A page that toasts nothing never loads them, so the dashboard's
 * first load does not carry them. sonner keeps a toast asked for before its toaster mounted and shows
 * it once the toaster subscribes.
 */
let wanted = false;
const wantedListeners = new Set<() => void>();

/** Whether anything has asked for a toast on this page yet. */
export function toasterWanted(): boolean {
  return wanted;
}

export function subscribeToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

function loadSonner() {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  return import("sonner");
}

/** A chunk that cannot load (offline, a new release) leaves nothing to show the toast with. */
function nothingToShowItWith(): void {}

type Sonner = typeof import("sonner");
type ShowToast = (message: string, options?: ExternalToast) => void;

/** One way of showing a toast, run once sonner has loaded. */
function withSonner(pick: (sonner: Sonner) => ShowToast): ShowToast {
  return (message, options) => {
    loadSonner().then((sonner) => pick(sonner)(message, options), nothingToShowItWith);
  };
}

export const toast = Object.assign(
  withSonner((sonner) => sonner.toast),
  {
    success: withSonner((sonner) => sonner.toast.success),
    error: withSonner((sonner) => sonner.toast.error),
  },
);

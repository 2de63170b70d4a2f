import type { ExternalToast } from "sonner";

/**
 * The toasts a page's own chunk asks for, without sonner in that chunk: sonner loads with the first toast (or
 * with the toaster, once the page has settled; ui/AppToaster.tsx). The dashboard's cards and saved searches
 * toast only after the member did something, so their first load does not carry sonner (issue 22).
 */
const loadSonner = () => import("sonner");

/** A chunk that cannot load (offline, a new release) leaves nothing to show the toast with. */
function nothingToShowItWith(): void {}

export const toast = {
  success(message: string, options?: ExternalToast): void {
    loadSonner().then((sonner) => sonner.toast.success(message, options), nothingToShowItWith);
  },
  error(message: string, options?: ExternalToast): void {
    loadSonner().then((sonner) => sonner.toast.error(message, options), nothingToShowItWith);
  },
};

import { lazy, Suspense } from "react";
import { useAuthStore } from "../features/auth/auth-store";
import { usePageSettled } from "../lib/use-page-settled";

/**
 * The toasts of the signed-in app (sonner). Its code and stylesheet load after
 * sign-in, in their own chunk, once the first page has settled: visitors never need them, and a page
 * does not wait for them (a toast asked for earlier shows when the toaster mounts). Toasts sit at the top
 * unless a toast asks for another corner (spec §9 "toast default position top";
 * the notification list's toasts are bottom-right).
 */
const SonnerToaster = lazy(() => import("./SonnerToaster"));

export function AppToaster() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const pageSettled = usePageSettled();
  if (!loggedIn || !pageSettled) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

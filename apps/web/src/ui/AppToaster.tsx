import { lazy, Suspense, useSyncExternalStore } from "react";
import { useAuthStore } from "../features/auth/auth-store";
import { subscribeToasterWanted, toasterWanted } from "./toast";

/**
 * The toasts of the signed-in app (sonner). Its code and stylesheet load in their own chunk with the first toast
 * a signed-in page asks for (ui/toast.ts): visitors never need them, and a page that toasts nothing never loads
 * them. Toasts sit at the top unless a toast asks for another corner (spec §9 "toast default position top"; the
 * notification list's toasts are bottom-right).
 */
const SonnerToaster = lazy(() => import("./SonnerToaster"));

export function AppToaster() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const wanted = useSyncExternalStore(subscribeToasterWanted, toasterWanted, toasterWanted);
  if (!loggedIn || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

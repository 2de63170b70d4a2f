import { lazy, Suspense } from "react";
import { useAuthStore } from "../features/auth/auth-store";

/**
 * The toasts of the signed-in app (sonner). Its code and stylesheet load after
 * sign-in, in their own chunk: visitors never need them. Toasts sit at the top
 * unless a toast asks for another corner (spec §9 "toast default position top";
 * the notification list's toasts are bottom-right).
 */
const SonnerToaster = lazy(() => import("./SonnerToaster"));

export function AppToaster() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

import { lazy, Suspense, useEffect } from "react";
import { useAuthStore } from "../auth";
import { usePopupStore } from "./popup-store";

const PopupStack = lazy(() => import("./PopupStack"));

/**
 * Where the member layout shows notification popups (spec §2 "Page layouts").
 * Mounting it tells the popup store a page can show them; their code loads with the first one.
 */
export function NotificationPopups() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const showing = usePopupStore((state) => state.popups.length > 0);
  useEffect(() => (loggedIn ? usePopupStore.getState().attachHost() : undefined), [loggedIn]);
  if (!loggedIn || !showing) return null;
  return (
    <Suspense fallback={null}>
      <PopupStack />
    </Suspense>
  );
}

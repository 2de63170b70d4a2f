import { useEffect, useRef } from "react";
import { useAuthStore } from "../auth";
import { PUSH_SUBSCRIPTION_CHANGED } from "./push-events";

/** The browser can take pushes: checked without loading web-push.ts (and the API schemas it brings). */
function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && typeof Notification !== "undefined";
}

/**
 * Keeps this browser's push subscription with whoever is signed in: registered again for the member after
 * each sign-in (it moves to them from anyone before), and dropped on signing out, so a shared computer never
 * shows the previous member's notifications. The work itself (web-push.ts, with the API client and schemas)
 * loads only when there is some: never in the first load of a page.
 */
export default function PushSyncWorker() {
  const memberUuid = useAuthStore((state) => state.user?.uuid ?? null);
  const impersonated = useAuthStore((state) => state.user?.impersonated ?? false);
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!pushSupported()) return;
    // After the page has loaded: the worker asks nothing and is not needed to show the page.
    const timer = window.setTimeout(() => {
      void import("./web-push").then(({ registerServiceWorker }) => registerServiceWorker());
    }, 2_000);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    const before = previous.current;
    previous.current = memberUuid;
    if (!pushSupported() || Notification.permission !== "granted") return;
    void import("./web-push").then(({ disablePush, subscribeThisBrowser }) => {
      // Staff acting as a member keep their own browser out of the member's notifications.
      if (memberUuid && !impersonated) {
        // A page showing this device's state (account settings) may have looked before this finished.
        void subscribeThisBrowser()
          .then(() => window.dispatchEvent(new Event(PUSH_SUBSCRIPTION_CHANGED)))
          .catch(() => undefined);
      } else if (before && !memberUuid) void disablePush({ tellServer: false }).catch(() => undefined);
    });
  }, [memberUuid, impersonated]);
  return null;
}

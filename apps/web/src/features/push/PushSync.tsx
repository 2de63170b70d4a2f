import { lazy, Suspense, useRef } from "react";
import { usePageSettled } from "../../lib/use-page-settled";
import { useAuthStore } from "../auth";

/** Loaded once a member has signed in on this page and the page has settled: a visitor's first load never carries it. */
const PushSyncWorker = lazy(() => import("./PushSyncWorker"));

/**
 * Mounted on every page by the app shell (see PushSyncWorker). Once a member has been signed in here it stays
 * mounted, so signing out still drops this browser's subscription.
 */
export function PushSync() {
  const signedIn = useAuthStore((state) => Boolean(state.user));
  const pageSettled = usePageSettled();
  const needed = useRef(false);
  if (signedIn) needed.current = true;
  if (!needed.current || !pageSettled) return null;
  return (
    <Suspense fallback={null}>
      <PushSyncWorker />
    </Suspense>
  );
}

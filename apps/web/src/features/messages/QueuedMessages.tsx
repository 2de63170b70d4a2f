import { lazy, Suspense } from "react";
import { usePageSettled } from "../../lib/use-page-settled";
import { useAuthStore } from "../auth";

/**
 * The outbox and its watcher load only for a signed-in member, once the page has settled: a visitor's first load
 * never carries them, and messages left queued on this device go out a moment after the page shows.
 */
const QueuedMessagesWorker = lazy(() => import("./QueuedMessagesWorker"));

/** Mounted on every page by the app shell (see QueuedMessagesWorker for what it does). */
export function QueuedMessages() {
  const memberUuid = useAuthStore((state) => state.user?.uuid);
  const pageSettled = usePageSettled();
  if (!memberUuid || !pageSettled) return null;
  return (
    <Suspense fallback={null}>
      <QueuedMessagesWorker />
    </Suspense>
  );
}

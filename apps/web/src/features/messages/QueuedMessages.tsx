import { lazy, Suspense } from "react";
import { useAuthStore } from "../auth";

/** The outbox and its watcher load only for a signed-in member: a visitor's first load never carries them. */
const QueuedMessagesWorker = lazy(() => import("./QueuedMessagesWorker"));

/** Mounted on every page by the app shell (see QueuedMessagesWorker for what it does). */
export function QueuedMessages() {
  const memberUuid = useAuthStore((state) => state.user?.uuid);
  if (!memberUuid) return null;
  return (
    <Suspense fallback={null}>
      <QueuedMessagesWorker />
    </Suspense>
  );
}

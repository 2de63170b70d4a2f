import { lazy, Suspense, useEffect } from "react";
import { useAuthStore } from "../features/auth";
import { useRealtimeStore } from "../features/realtime";
import { usePageSettled } from "../lib/use-page-settled";

const MemberRealtime = lazy(() => import("./MemberRealtime"));

/**
 * Opens the real-time connection while a member is signed in (MemberRealtime, with pusher-js, loads once the
 * first page has settled: the page a member opens comes first, its live updates a moment after; lib/page-settled.ts).
 * The connection's state stays on <html> here, so it reads "disconnected" after signing out too.
 */
export function RealtimeConnection() {
  const userUuid = useAuthStore((state) => state.user?.uuid);
  const connectionState = useRealtimeStore((state) => state.state);
  const paused = useRealtimeStore((state) => state.paused);
  const pageSettled = usePageSettled();

  // Exposed on <html> for styling hooks and for the browser tests.
  useEffect(() => {
    document.documentElement.dataset.realtimeState = connectionState;
  }, [connectionState]);

  // Paused (deactivating): MemberRealtime unmounts, which closes its connection or cancels one still loading.
  if (!pageSettled || !userUuid || paused) return null;
  return (
    <Suspense fallback={null}>
      <MemberRealtime key={userUuid} userUuid={userUuid} />
    </Suspense>
  );
}

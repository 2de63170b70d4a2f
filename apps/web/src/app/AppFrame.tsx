import { useEffect, useLayoutEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate, useNavigationType } from "react-router";
import { ConsentBanner } from "../features/consent";
import { QueuedMessages } from "../features/messages";
import { PushSync } from "../features/push";
import { setNavigator } from "../lib/navigation";
import { AppToaster } from "../ui/AppToaster";
import { ConnectionStatus } from "../ui/ConnectionStatus";
import { LoadingBar } from "../ui/LoadingBar";
import { RealtimeConnection } from "./RealtimeConnection";

/** Where each history entry was scrolled to, for Back and Forward (this tab only). */
const scrollPositions = new Map<string, number>();

/**
 * A new page starts at the top (spec §2); Back and Forward return to where the member was (issue 20: back from a
 * profile to the same place in the search results), restored before paint; a page that only rewrites its own
 * address (the search form keeping its filters there) stays where it is.
 */
function ScrollMemory() {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    const samePage = shownPath.current === pathname;
    shownPath.current = pathname;
    if (navigationType === "POP") window.scrollTo(0, scrollPositions.get(key) ?? 0);
    else if (navigationType === "PUSH" || !samePage) window.scrollTo(0, 0);
    return () => {
      scrollPositions.set(key, window.scrollY);
    };
  }, [key, pathname, navigationType]);
  return null;
}

function RouterNavigator() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}

export function AppFrame() {
  return (
    <>
      <LoadingBar />
      <ScrollMemory />
      <RouterNavigator />
      <RealtimeConnection />
      <QueuedMessages />
      <PushSync />
      <Outlet />
      <AppToaster />
      <ConnectionStatus />
      <ConsentBanner />
    </>
  );
}

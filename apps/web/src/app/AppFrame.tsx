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

/** How long a returning page may take to grow tall enough for its place (results answered from the cache). */
const RESTORE_WAIT_MS = 2_000;

/**
 * Scrolls to `top`, and again as the page grows if it is still too short to get there (its content can render a
 * moment after the address changes: a lazily loaded part, an answer from the cache). Stops once there, when the
 * member scrolls or taps themselves, or after RESTORE_WAIT_MS. Returns the cancel.
 */
function restoreScroll(top: number): () => void {
  window.scrollTo(0, top);
  if (window.scrollY >= top - 1) return () => {};
  const retry = () => {
    window.scrollTo(0, top);
    if (window.scrollY >= top - 1) stop();
  };
  const observer = new ResizeObserver(retry);
  const timer = window.setTimeout(() => stop(), RESTORE_WAIT_MS);
  const userInputs = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const input of userInputs) window.removeEventListener(input, stop);
  }
  observer.observe(document.body);
  for (const input of userInputs) window.addEventListener(input, stop, { passive: true });
  return stop;
}

/**
 * A new page starts at the top (spec §2); Back and Forward return to where the member was (back from a
 * profile to the same place in the search results), restored before paint, or as soon as the page is tall enough;
 * a page that only rewrites its own address (the search form keeping its filters there) stays where it is.
 */
function ScrollMemory() {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  const shownKey = useRef(key);
  // The place is kept as the member scrolls, not read when the page is left: by then the next page may already be
  // in the document, and the scroll position read then is the shorter page's, clamped.
  useEffect(() => {
    const remember = () => scrollPositions.set(shownKey.current, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);
  useLayoutEffect(() => {
    const samePage = shownPath.current === pathname;
    shownPath.current = pathname;
    shownKey.current = key;
    if (navigationType === "POP") return restoreScroll(scrollPositions.get(key) ?? 0);
    if (navigationType === "PUSH" || !samePage) window.scrollTo(0, 0);
    // The new entry starts where the page now is, in case it is left before any scroll: a page that only rewrote
    // its address (the search form keeping its filters there) is still where the member had it.
    scrollPositions.set(key, window.scrollY);
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

import { useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { RealtimeConnection } from "../features/realtime/RealtimeConnection";
import { setNavigator } from "../lib/navigation";
import { AppToaster } from "../ui/AppToaster";
import { ConnectionStatus } from "../ui/ConnectionStatus";
import { LoadingBar } from "../ui/LoadingBar";

/** Scroll resets to the top on every navigation (spec §2). */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
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
      <ScrollToTop />
      <RouterNavigator />
      <RealtimeConnection />
      <Outlet />
      <AppToaster />
      <ConnectionStatus />
    </>
  );
}

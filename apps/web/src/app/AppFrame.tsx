import { useEffect } from "react";
import { Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { RealtimeConnection } from "../features/realtime/RealtimeConnection";
import { setNavigator } from "../lib/navigation";
import { requestProgress } from "../lib/request-progress";
import { AppToaster } from "../ui/AppToaster";
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

/** Page loads (route chunks and middleware) move the same loading bar as API calls. */
function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state !== "idle";
  useEffect(() => {
    if (!loading) return;
    requestProgress.start();
    return () => requestProgress.finish();
  }, [loading]);
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
      <NavigationProgress />
      <RouterNavigator />
      <RealtimeConnection />
      <Outlet />
      <AppToaster />
    </>
  );
}

import type { RouterState } from "react-router";
import { requestProgress } from "../lib/request-progress";

function isLoading(state: RouterState): boolean {
  return !state.initialized || state.navigation.state !== "idle" || state.revalidation === "loading";
}

/**
 * Page loads and refreshes (route middleware, page chunks, revalidation) move the
 * same loading bar as API calls. A load that ends in a route error marks the bar
 * failed (spec §8 "page refresh failure"); the error itself goes on to the
 * router's error element, the app's error handler. Watched on the router rather
 * than from a component effect, so a failure that comes before React renders is
 * still seen, in order.
 */
interface WatchedRouter {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

export function trackPageLoads(router: WatchedRouter): () => void {
  let loading = false;
  const follow = (state: RouterState) => {
    const now = isLoading(state);
    if (now && !loading) requestProgress.start();
    if (!now && loading) {
      if (state.errors) requestProgress.fail();
      else requestProgress.finish();
    }
    loading = now;
  };
  follow(router.state);
  return router.subscribe(follow);
}

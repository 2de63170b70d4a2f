import { matchRoutes } from "react-router";
import { pageRoutes } from "./routes";

/**
 * Starts loading the current page's chunk while the client configuration is being fetched, so a first
 * visit waits for one round trip instead of two in a row (config, then page). The router later imports the
 * same module and gets it from the module cache; a failure here is left for the router to report.
 */
export function preloadCurrentPage(pathname: string): void {
  const matched = matchRoutes(
    pageRoutes.map((route, index) => ({ path: route.path, id: String(index) })),
    pathname,
  )?.at(-1);
  const route = matched ? pageRoutes[Number(matched.route.id)] : undefined;
  // A staff console waits for its guard (routes.ts chunkAfterGuards).
  if (!route || route.chunkAfterGuards) return;
  route.page().catch(() => {});
}

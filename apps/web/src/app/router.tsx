import { type ComponentType, createElement } from "react";
import { createBrowserRouter, data, type RouteObject, replace } from "react-router";
import { captureCampaign } from "../features/campaign";
import { AppFrame } from "./AppFrame";
import { BootShell } from "./BootShell";
import { withChunkReload } from "./chunk-reload";
import { FatalErrorFallback, RouteErrorPage } from "./ErrorPages";
import { LayoutOutlet } from "./LayoutOutlet";
import { runMiddleware } from "./middleware";
import { trackPageLoads } from "./page-load-progress";
import { pageRoutes, type RedirectRoute, type RouteHandle, redirectRoutes } from "./routes";

/** A page of routes.ts as a router route: its middleware in the loader, its chunk loaded lazily. */
export function pageRouteObject(route: (typeof pageRoutes)[number]): RouteObject {
  const { path, page, chunkAfterGuards, ...handle } = route;
  const load = withChunkReload(page);
  // Set by the loader, after the middleware, for the pages that load their chunk only then.
  let guardedPage: ComponentType | null = null;
  return {
    path,
    id: handle.name ?? path,
    handle: handle satisfies RouteHandle,
    loader: async ({ request }) => {
      const url = new URL(request.url);
      // Before the middleware, so a link that also redirects (guest pages, maintenance) still attributes the visit.
      await captureCampaign(url.search);
      await runMiddleware(handle.middleware, { url });
      if (chunkAfterGuards) guardedPage = (await load()).default;
      return null;
    },
    ...(chunkAfterGuards
      ? { Component: () => (guardedPage ? createElement(guardedPage) : null) }
      : { lazy: async () => ({ Component: (await load()).default }) }),
  };
}

/** Replaces the history entry, so Back never returns to an address that only forwards. */
function toRedirectObject(route: RedirectRoute): RouteObject {
  return {
    path: route.path,
    loader: ({ params, request }) => replace(`${route.to(params)}${new URL(request.url).search}`),
  };
}

const notFoundHandle: RouteHandle = { layout: "default", middleware: [], title: "Page not found" };

export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    errorElement: <FatalErrorFallback />,
    children: [
      {
        element: <LayoutOutlet />,
        errorElement: <RouteErrorPage />,
        // The first page's guards and chunk are loading: index.html's brand bar stays, inside the app frame.
        hydrateFallbackElement: <BootShell />,
        children: [
          ...pageRoutes.map(pageRouteObject),
          ...redirectRoutes.map(toRedirectObject),
          {
            path: "*",
            handle: notFoundHandle,
            loader: async ({ request }) => {
              await runMiddleware([], { url: new URL(request.url) });
              throw data("This page could not be found", { status: 404 });
            },
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  trackPageLoads(router);
  return router;
}

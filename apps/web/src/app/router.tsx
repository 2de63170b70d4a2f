import { createBrowserRouter, data, type RouteObject, redirect } from "react-router";
import { AppFrame } from "./AppFrame";
import { withChunkReload } from "./chunk-reload";
import { FatalErrorFallback, RouteErrorPage } from "./ErrorPages";
import { LayoutOutlet } from "./LayoutOutlet";
import { runMiddleware } from "./middleware";
import { trackPageLoads } from "./page-load-progress";
import { pageRoutes, type RouteHandle } from "./routes";

/** A page of routes.ts as a router route: its middleware in the loader, its chunk loaded lazily. */
export function pageRouteObject(route: (typeof pageRoutes)[number]): RouteObject {
  const { path, page, ...handle } = route;
  const load = withChunkReload(page);
  return {
    path,
    id: handle.name ?? path,
    handle: handle satisfies RouteHandle,
    loader: async ({ request }) => {
      await runMiddleware(handle.middleware, { url: new URL(request.url) });
      return null;
    },
    lazy: async () => ({ Component: (await load()).default }),
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
        children: [
          ...pageRoutes.map(pageRouteObject),
          {
            // Links in push notifications use the singular form (spec §2).
            path: "/message/:conversationUuid",
            loader: ({ params }) => redirect(`/messages/${params.conversationUuid ?? ""}`),
          },
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

import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { clientConfig } from "../lib/client-config";
import { markFirstPageRendered } from "../lib/use-page-settled";
import { resolveLayout } from "../ui/layouts/layouts";
import type { RouteHandle } from "./routes";

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && "layout" in value;
}

/** Wraps the matched page in the layout its route names. */
export function LayoutOutlet() {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle)
    .find(isRouteHandle);
  const Layout = resolveLayout(handle?.layout);
  // After the page's own effects (children run theirs first): its requests are in flight when the watch begins.
  useEffect(() => markFirstPageRendered(), []);
  useEffect(() => {
    document.title = handle ? `${handle.title} | ${clientConfig().siteName}` : clientConfig().siteName;
    // The layout the route asked for, on <html> for styles and for the route walk in e2e/routes.test.ts.
    document.documentElement.dataset.layout = handle?.layout ?? "default";
  }, [handle]);
  return (
    <Layout footer={handle?.footer ?? "full"}>
      <Outlet />
    </Layout>
  );
}

import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, Outlet, StaticRouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { describeRouteError, RouteErrorPage } from "./ErrorPages";
import { UnknownMiddlewareError } from "./middleware";
import { pageRouteObject } from "./router";
import type { PageRoute } from "./routes";

vi.mock("../lib/client-config", () => ({ clientConfig: () => ({ maintenance: false, siteName: "Velvet Hearts" }) }));

/** Renders what the app shows for `path` among these routes, as the browser router would. */
async function render(children: Parameters<typeof createStaticHandler>[0], path: string): Promise<string> {
  const handler = createStaticHandler([{ element: <Outlet />, errorElement: <RouteErrorPage />, children }]);
  const context = await handler.query(new Request(`https://site.test${path}`));
  if (context instanceof Response) throw new Error(`unexpected redirect to ${context.headers.get("Location")}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

const brokenPage: PageRoute = {
  path: "/broken",
  title: "Broken",
  layout: "default",
  middleware: ["nope"],
  page: async () => ({ default: () => <p>never shown</p> }),
};

describe("the error page", () => {
  it("shows an unknown middleware as a 500 naming it", async () => {
    const html = await render([pageRouteObject(brokenPage)], "/broken");
    expect(html).toContain(">500<");
    expect(html).toContain("Unfortunately, we have a problem");
    expect(html).toContain("We have encountered an unusual problem. Our technical team has been informed.");
    expect(html).toContain("Unknown middleware nope");
    expect(html).toContain("Back to home");
    expect(html).not.toContain("never shown");
  });

  it("shows another route error with its status and message", async () => {
    const html = await render(
      [
        {
          path: "/gone",
          element: <p>never shown</p>,
          loader: () => {
            throw data("This conversation is no longer available", { status: 410 });
          },
        },
      ],
      "/gone",
    );
    expect(html).toContain(">410<");
    expect(html).toContain("This conversation is no longer available");
  });

  it("reads a status from the error, defaulting to 500", () => {
    expect(describeRouteError(new UnknownMiddlewareError("guest2"))).toEqual({
      status: 500,
      message: "Unknown middleware guest2",
    });
    expect(describeRouteError(Object.assign(new Error("Locked"), { status: 423 }))).toEqual({
      status: 423,
      message: "Locked",
    });
    expect(describeRouteError(new Error("boom"))).toEqual({ status: 500, message: "boom" });
    expect(describeRouteError("weird")).toEqual({ status: 500, message: "" });
  });
});

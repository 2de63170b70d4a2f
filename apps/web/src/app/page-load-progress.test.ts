import { createMemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useRequestProgress } from "../lib/request-progress";
import { UnknownMiddlewareError } from "./middleware";
import { trackPageLoads } from "./page-load-progress";

function appRouter() {
  let release: () => void = () => {};
  const router = createMemoryRouter(
    [
      { path: "/", loader: () => null },
      {
        path: "/slow",
        loader: () =>
          new Promise<null>((resolve) => {
            release = () => resolve(null);
          }),
      },
      {
        path: "/broken",
        loader: () => {
          throw new UnknownMiddlewareError("nope");
        },
      },
    ],
    { initialEntries: ["/"] },
  );
  return { router, release: () => release() };
}

describe("page loads and the loading bar", () => {
  beforeEach(() => useRequestProgress.setState({ active: 0, failed: false, burst: 0 }));

  it("holds the bar while a page loads and completes it when the page is there", async () => {
    const { router, release } = appRouter();
    trackPageLoads(router);
    await router.navigate("/");
    const navigation = router.navigate("/slow");
    expect(useRequestProgress.getState().active).toBe(1);
    release();
    await navigation;
    expect(useRequestProgress.getState()).toMatchObject({ active: 0, failed: false });
  });

  it("marks the bar failed when a page load fails, and leaves the error to the error handler", async () => {
    const { router } = appRouter();
    trackPageLoads(router);
    await router.navigate("/broken");
    expect(useRequestProgress.getState()).toMatchObject({ active: 0, failed: true });
    expect(Object.values(router.state.errors ?? {})[0]).toBeInstanceOf(UnknownMiddlewareError);
  });
});

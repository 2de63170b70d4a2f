import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runMiddleware, UnknownMiddlewareError } from "./middleware";

vi.mock("../lib/client-config", () => ({ clientConfig: () => ({ maintenance: maintenanceOn }) }));
let maintenanceOn = false;
let token: string | null = null;

async function redirectOf(names: string[], href: string): Promise<string | null> {
  try {
    await runMiddleware(names, { url: new URL(href) });
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

describe("route middleware", () => {
  beforeEach(() => {
    maintenanceOn = false;
    token = null;
    vi.stubGlobal("window", { localStorage: { getItem: () => token } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("answers an unknown middleware with a 500 naming it", async () => {
    const failure = await runMiddleware(["nope"], { url: new URL("https://site.test/") }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UnknownMiddlewareError);
    expect((failure as UnknownMiddlewareError).message).toBe("Unknown middleware nope");
    expect((failure as UnknownMiddlewareError).status).toBe(500);
  });

  it("sends every page but /maintenance to /maintenance while the site is down", async () => {
    maintenanceOn = true;
    expect(await redirectOf([], "https://site.test/faq")).toBe("/maintenance");
    expect(await redirectOf([], "https://site.test/maintenance")).toBeNull();
  });

  it("sends a guest on a members-only page to /login with the way back", async () => {
    expect(await redirectOf(["auth"], "https://site.test/messages?page=2")).toBe(
      "/login?redirect=%2Fmessages%3Fpage%3D2",
    );
    token = "Bearer x";
    expect(await redirectOf(["auth"], "https://site.test/messages")).toBeNull();
  });

  it("sends a member away from guest-only pages, to a safe redirect or the dashboard", async () => {
    expect(await redirectOf(["guest"], "https://site.test/login")).toBeNull();
    token = "Bearer x";
    expect(await redirectOf(["guest"], "https://site.test/login")).toBe("/dashboard");
    expect(await redirectOf(["guest"], "https://site.test/login?redirect=messages")).toBe("/messages");
    expect(await redirectOf(["guest"], "https://site.test/login?redirect=%2F%2Fevil.example")).toBe("/dashboard");
  });
});

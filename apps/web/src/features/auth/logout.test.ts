import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConsentForTests } from "../../lib/consent";
import { useRealtimeStore } from "../realtime";
import { logout, useAuthStore } from "./auth-store";

describe("logout", () => {
  let calls: string[];
  let storage: Map<string, string>;
  let assigned: string[];

  beforeEach(() => {
    calls = [];
    assigned = [];
    // Signed in, with click tracking consented to (lib/consent): the logout click is recorded only then.
    storage = new Map([
      ["auth._token.local", "Bearer jwt-1"],
      ["consent", JSON.stringify({ version: 1, statistics: true, marketing: false, decided_at: "" })],
    ]);
    const localStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    };
    vi.stubGlobal("window", {
      location: { pathname: "/dashboard", protocol: "https:", assign: (to: string) => assigned.push(to) },
      localStorage,
    });
    vi.stubGlobal("localStorage", localStorage);
    resetConsentForTests();
    vi.stubGlobal("document", { cookie: "" });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    useAuthStore.setState({ token: "jwt-1", loggedIn: true });
    useRealtimeStore.setState({ paused: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // The live connection closes before the server ends the session (and with it the socket): no request of the
  // logout goes out while it is open.
  it("closes the live connection, tracks the click, then ends the session even though tracking failed, and goes home", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${url} ${init.body ?? ""}${useRealtimeStore.getState().paused ? "" : " (live connection open)"}`);
        return url === "/api/user-track-clicks"
          ? new Response(JSON.stringify({ message: "Server Error" }), { status: 500 })
          : new Response(null, { status: 204 });
      }),
    );
    await logout("foldout");
    expect(calls).toEqual([
      '/api/user-track-clicks {"section_type":"foldout","button_type":"logout_btn"}',
      "/api/logout ",
    ]);
    expect(storage.has("auth._token.local")).toBe(false);
    expect(useAuthStore.getState().loggedIn).toBe(false);
    expect(assigned).toEqual(["/"]);
    expect(console.warn).toHaveBeenCalledWith("Click foldout/logout_btn could not be recorded", expect.anything());
  });
});

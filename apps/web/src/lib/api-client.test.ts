import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, setSessionEndedHandler, setSessionRenewer } from "./api-client";
import { setNavigator } from "./navigation";
import { useRequestProgress } from "./request-progress";
import { OUTAGE_RETRIES, useServiceStatus } from "./service-status";
import { useValidationStore } from "./validation-store";

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === null ? null : JSON.stringify(body), { status }));
}

describe("the API client", () => {
  const navigations: string[] = [];
  let storage: Map<string, string>;

  beforeEach(() => {
    navigations.length = 0;
    storage = new Map([["auth._token.local", "Bearer jwt-123"]]);
    vi.stubGlobal("window", {
      location: { pathname: "/dashboard" },
      localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: () => {}, removeItem: () => {} },
    });
    setNavigator((to) => navigations.push(to));
    useValidationStore.setState({ errors: {}, loginFailed: false });
    useRequestProgress.setState({ active: 0, failed: false, burst: 0 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the site key and the bearer token under /api", async () => {
    const fetchMock = respond(200, { data: { ok: true } });
    vi.stubGlobal("fetch", fetchMock);
    await expect(api.get("/client-config")).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/client-config");
    const headers = init.headers as Record<string, string>;
    expect(headers["X-Site-Key"]).toBe("test-site-key");
    expect(headers.Authorization).toBe("Bearer jwt-123");
  });

  it("sends a FormData body as multipart, leaving the Content-Type (and its boundary) to fetch", async () => {
    const fetchMock = respond(201, { data: { uuid: "u" } });
    vi.stubGlobal("fetch", fetchMock);
    const form = new FormData();
    form.append("photo", new Blob(["x"], { type: "image/png" }), "x.png");
    await api.post("/message-images", form);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("clears old validation errors before a request and stores a 422's errors, first message per field", async () => {
    useValidationStore.setState({ errors: { city: "old" } });
    vi.stubGlobal(
      "fetch",
      respond(422, { message: "The given data was invalid.", errors: { email: ["first", "second"] } }),
    );
    const failure = await api.post("/register", {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(422);
    expect(useValidationStore.getState().errors).toEqual({ email: "first" });
  });

  it("hands error statuses to the login-failed handler", async () => {
    vi.stubGlobal("fetch", respond(422, { message: "These credentials do not match our records.", errors: {} }));
    await api.post("/login", {}).catch(() => {});
    expect(useValidationStore.getState().loginFailed).toBe(true);
  });

  it("clears the login-failed flag when a new attempt starts", async () => {
    useValidationStore.setState({ loginFailed: true });
    vi.stubGlobal("fetch", respond(200, { data: {} }));
    await api.post("/login", {});
    expect(useValidationStore.getState().loginFailed).toBe(false);
  });

  it("on a 401 renews the session once and replays the request with the new token", async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const authorization = (init.headers as Record<string, string>).Authorization ?? "";
        seen.push(authorization);
        return authorization === "Bearer fresh-jwt"
          ? new Response(JSON.stringify({ data: "ok" }), { status: 200 })
          : new Response(JSON.stringify({ message: "Unauthenticated." }), { status: 401 });
      }),
    );
    let renewals = 0;
    setSessionRenewer(async () => {
      renewals += 1;
      storage.set("auth._token.local", "Bearer fresh-jwt");
      return true;
    });
    await expect(api.post("/me")).resolves.toEqual({ data: "ok" });
    expect(seen).toEqual(["Bearer jwt-123", "Bearer fresh-jwt"]);
    expect(renewals).toBe(1);

    // When renewal fails the 401 reaches the caller, after exactly one attempt.
    storage.set("auth._token.local", "Bearer stale");
    setSessionRenewer(async () => {
      renewals += 1;
      return false;
    });
    const failure = await api.post("/me").catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(401);
    expect(renewals).toBe(2);
    setSessionRenewer(async () => false);
  });

  it("reports a session ended elsewhere: the refresh refused, or the new token refused too, never a network hiccup", async () => {
    let ended = 0;
    setSessionEndedHandler(() => {
      ended += 1;
    });
    vi.stubGlobal("fetch", respond(401, { message: "Unauthenticated." }));

    // The refresh failed on the network: the token is kept, nothing is reported.
    setSessionRenewer(async () => false);
    await api.get("/conversations").catch(() => {});
    expect(ended).toBe(0);

    // The server refused the refresh: the renewer dropped the token.
    setSessionRenewer(async () => {
      storage.delete("auth._token.local");
      return false;
    });
    const failure = await api.get("/conversations").catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(401);
    expect(ended).toBe(1);

    // A fresh token that is refused as well.
    storage.set("auth._token.local", "Bearer jwt-123");
    setSessionRenewer(async () => true);
    await api.get("/conversations").catch(() => {});
    expect(ended).toBe(2);

    // Wrong credentials on the sign-in form are not a session ending.
    await api.post("/login", {}).catch(() => {});
    expect(ended).toBe(2);
    setSessionRenewer(async () => false);
    setSessionEndedHandler(() => {});
  });

  it("never renews on the sign-in endpoints themselves", async () => {
    let renewals = 0;
    setSessionRenewer(async () => {
      renewals += 1;
      return true;
    });
    vi.stubGlobal("fetch", respond(401, { message: "Unauthenticated." }));
    await api.post("/refresh").catch(() => {});
    await api.post("/logout").catch(() => {});
    expect(renewals).toBe(0);
    setSessionRenewer(async () => false);
  });

  it("sends the visitor to /maintenance on the maintenance switch's 503, without retrying", async () => {
    const fetchMock = respond(503, { message: "Sorry! We Are Under Maintenance!", maintenance: true });
    vi.stubGlobal("fetch", fetchMock);
    const failure = await api.get("/me").catch((error: unknown) => error);
    expect((failure as ApiError).status).toBe(503);
    expect(navigations).toEqual(["/maintenance"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  describe("through an outage's 503 (no maintenance marker)", () => {
    const outage = () =>
      new Response(JSON.stringify({ message: "The service is temporarily unavailable." }), {
        status: 503,
        headers: { "Retry-After": "5" },
      });
    beforeEach(() => {
      vi.useFakeTimers();
      useServiceStatus.setState({ retrying: 0 });
    });
    afterEach(() => vi.useRealTimers());

    it("retries after Retry-After with the notice showing, and never goes to /maintenance", async () => {
      const answers = [outage(), outage(), new Response(JSON.stringify({ data: { ok: true } }), { status: 200 })];
      const fetchMock = vi.fn(async () => answers.shift() as Response);
      vi.stubGlobal("fetch", fetchMock);
      const result = api.get("/me");
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(useServiceStatus.getState().retrying).toBeGreaterThan(0);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(useServiceStatus.getState().retrying).toBeGreaterThan(0);
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(result).resolves.toEqual({ data: { ok: true } });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(useServiceStatus.getState().retrying).toBe(0);
      expect(navigations).toEqual([]);
    });

    it("gives the caller the 503 once the retries are spent, and hides the notice", async () => {
      const fetchMock = vi.fn(async () => outage());
      vi.stubGlobal("fetch", fetchMock);
      const failure = api.get("/me").catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(5_000 * OUTAGE_RETRIES);
      expect(((await failure) as ApiError).status).toBe(503);
      expect(fetchMock).toHaveBeenCalledTimes(OUTAGE_RETRIES + 1);
      expect(useServiceStatus.getState().retrying).toBe(0);
      expect(navigations).toEqual([]);
    });

    it("stops waiting when the caller cancels", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => outage()),
      );
      const controller = new AbortController();
      const failure = api.get("/me", { signal: controller.signal }).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(0);
      controller.abort();
      expect(await failure).toBeInstanceOf(DOMException);
      expect(useServiceStatus.getState().retrying).toBe(0);
    });
  });

  it("marks the loading bar failed on an error, but not for a cancelled or untracked request", async () => {
    vi.stubGlobal("fetch", respond(500, { message: "boom" }));
    await api.get("/x").catch(() => {});
    expect(useRequestProgress.getState()).toMatchObject({ active: 0, failed: true });

    useRequestProgress.setState({ active: 0, failed: false });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new DOMException("aborted", "AbortError");
      }),
    );
    await api.get("/x").catch(() => {});
    expect(useRequestProgress.getState()).toMatchObject({ active: 0, failed: false });

    vi.stubGlobal("fetch", respond(500, { message: "boom" }));
    await api.get("/x", { progress: false }).catch(() => {});
    expect(useRequestProgress.getState()).toMatchObject({ active: 0, failed: false });
  });

  it("counts overlapping requests so the bar stays until the last one finishes", async () => {
    let finishFirst: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (finishFirst = resolve))),
    );
    const first = api.get("/slow");
    expect(useRequestProgress.getState().active).toBe(1);
    finishFirst(new Response(JSON.stringify({ data: 1 }), { status: 200 }));
    await first;
    expect(useRequestProgress.getState().active).toBe(0);
  });
});

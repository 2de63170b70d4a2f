import type { TCurrentUser } from "@velvet/shared/api/auth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../features/auth";
import { useSelectedPackage } from "../features/credits";
import { useValidationStore } from "../lib/validation-store";
import { globalMiddleware, runMiddleware, UnknownMiddlewareError } from "./middleware";

vi.mock("../lib/client-config", () => ({ clientConfig: () => ({ maintenance: maintenanceOn }) }));
let maintenanceOn = false;
let storage: Map<string, string>;

/** A whole current user: the API client checks answers against the contract in tests. */
const member: TCurrentUser = {
  uuid: "u-1",
  username: "sam",
  email: "sam@example.test",
  email_verified: true,
  pending_email: null,
  credits: 0,
  has_unli_message: false,
  primary_photo: null,
  gender: "male",
  unread_messages_count: 0,
  new_visitors_count: 0,
  unread_favorites_count: 0,
  new_likes_count: 0,
  new_winks_count: 0,
  visits_count: 0,
  received_messages_count: 0,
  received_wink_interactions_count: 0,
  deactivated: false,
  rv: false,
  eventName: null,
  features: { promoBadge: null, muteUserNotifications: false },
  profile_complete: true,
  choice: "female",
  preferences: { search: { last: null, saved: [] }, email: { notifications: true, newsletter: true } },
  has_account_deletion_promo: false,
  scope: ["member"],
  impersonated: false,
};

function signInAs(user: TCurrentUser | null) {
  storage.set("auth._token.local", "Bearer test-token");
  useAuthStore.setState({ token: "test-token", user, loggedIn: true });
}

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
    storage = new Map();
    vi.stubGlobal("window", {
      location: { pathname: "/", protocol: "https:" },
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
    vi.stubGlobal("document", { cookie: "" });
    useAuthStore.setState({ token: null, user: null, loggedIn: false });
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

  it("runs clearValidationErrors, impersonate, paymentAuth and maintenance on every route, in that order", async () => {
    expect(globalMiddleware).toEqual(["clearValidationErrors", "impersonate", "paymentAuth", "maintenance"]);
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === "/api/me") return new Response(JSON.stringify({ data: member }), { status: 200 });
        return new Response(
          JSON.stringify({ data: { access_token: "issued", token_type: "bearer", expires_in: 900 } }),
          { status: 200 },
        );
      }),
    );
    maintenanceOn = true;
    useValidationStore.setState({ errors: { email: "The email field is required." } });

    // Validation errors go first, whatever happens next; impersonation answers before payment auth and maintenance.
    expect(await redirectOf([], "https://site.test/faq?impersonate_token=t&custom1=c")).toBe("/dashboard");
    expect(useValidationStore.getState().errors).toEqual({});
    expect(calls).toEqual(["/api/impersonate", "/api/me"]);

    // Payment auth answers before maintenance.
    calls.length = 0;
    storage.clear();
    useAuthStore.setState({ token: null, user: null, loggedIn: false });
    expect(await redirectOf([], "https://site.test/faq?custom1=c")).toBe("/dashboard");
    expect(calls).toEqual(["/api/payment/auth/c", "/api/me"]);

    // Maintenance answers before a route's own middleware (guest would send a member to /dashboard).
    expect(await redirectOf(["guest"], "https://site.test/login")).toBe("/maintenance");
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
    signInAs(member);
    expect(await redirectOf(["auth"], "https://site.test/messages")).toBeNull();
  });

  it("sends a member away from guest-only pages, to a safe redirect or the dashboard", async () => {
    expect(await redirectOf(["guest"], "https://site.test/login")).toBeNull();
    signInAs(member);
    expect(await redirectOf(["guest"], "https://site.test/login")).toBe("/dashboard");
    expect(await redirectOf(["guest"], "https://site.test/login?redirect=messages")).toBe("/messages");
    expect(await redirectOf(["guest"], "https://site.test/login?redirect=%2F%2Fevil.example")).toBe("/dashboard");
    signInAs({ ...member, profile_complete: false, scope: ["member", "operator"] });
    expect(await redirectOf(["guest"], "https://site.test/login")).toBe("/operator");
  });

  it("confines a deactivated member to /deactivated, and lets an active one out of it", async () => {
    signInAs({ ...member, deactivated: true });
    expect(await redirectOf(["auth", "deactivated"], "https://site.test/messages")).toBe("/deactivated");
    expect(await redirectOf(["auth", "deactivated"], "https://site.test/deactivated")).toBeNull();
    signInAs(member);
    expect(await redirectOf(["auth", "deactivated"], "https://site.test/deactivated")).toBe("/dashboard");
  });

  it("lets operators and admins into the console and sends members to /dashboard, guests to /login", async () => {
    const staffOnly = ["auth", "staff"];
    expect(await redirectOf(staffOnly, "https://site.test/operator")).toBe("/login?redirect=%2Foperator");
    signInAs({ ...member, scope: ["member"] });
    expect(await redirectOf(staffOnly, "https://site.test/operator")).toBe("/dashboard");
    signInAs({ ...member, scope: ["operator"] });
    expect(await redirectOf(staffOnly, "https://site.test/operator/c-1")).toBeNull();
    signInAs({ ...member, scope: ["admin"] });
    expect(await redirectOf(staffOnly, "https://site.test/operator")).toBeNull();
  });

  it("lets only admins into the admin console: members go to /dashboard, operators to /operator, guests to /login", async () => {
    const adminOnly = ["auth", "admin"];
    expect(await redirectOf(adminOnly, "https://site.test/admin/members")).toBe("/login?redirect=%2Fadmin%2Fmembers");
    signInAs({ ...member, scope: ["member"] });
    expect(await redirectOf(adminOnly, "https://site.test/admin")).toBe("/dashboard");
    signInAs({ ...member, scope: ["operator"] });
    expect(await redirectOf(adminOnly, "https://site.test/admin")).toBe("/operator");
    signInAs({ ...member, scope: ["admin"] });
    expect(await redirectOf(adminOnly, "https://site.test/admin/members")).toBeNull();
  });

  it("exchanges ?impersonate_token for a session, keeps it as the user token and goes to /dashboard", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === "/api/impersonate")
          return new Response(
            JSON.stringify({ data: { access_token: "operator-as-member", token_type: "bearer", expires_in: 900 } }),
            { status: 200 },
          );
        return new Response(JSON.stringify({ data: { ...member, impersonated: true } }), { status: 200 });
      }),
    );
    expect(await redirectOf([], "https://site.test/anything?impersonate_token=abc")).toBe("/dashboard");
    expect(calls).toEqual(["/api/impersonate", "/api/me"]);
    expect(storage.get("auth._token.local")).toBe("Bearer operator-as-member");
    expect(useAuthStore.getState().user?.impersonated).toBe(true);
  });
});

describe("payment middleware", () => {
  const selectable = {
    id: 3,
    kind: "credits",
    name: "Popular",
    credits: 500,
    bonus_credits: 75,
    price: "49.95",
    currency: "AUD",
    regular_price: null,
    promo_bonus_credits: 0,
    vip_bonus_credits: 0,
    duration_hours: null,
    highlight: null,
  } as const;

  beforeEach(() => {
    maintenanceOn = false;
    storage = new Map();
    vi.stubGlobal("window", {
      location: { pathname: "/", protocol: "https:" },
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
    vi.stubGlobal("document", { cookie: "" });
    useAuthStore.setState({ token: null, user: null, loggedIn: false });
    useSelectedPackage.getState().clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends /credits/buy to /credits/package until a package is selected", async () => {
    signInAs(member);
    expect(await redirectOf(["auth", "deactivated", "creditPayment"], "https://site.test/credits/buy")).toBe(
      "/credits/package",
    );
    useSelectedPackage.getState().select(selectable);
    expect(await redirectOf(["auth", "deactivated", "creditPayment"], "https://site.test/credits/buy")).toBeNull();
    useSelectedPackage.getState().clear();
    expect(await redirectOf(["creditPayment"], "https://site.test/credits/buy")).toBe("/credits/package");
  });

  it("signs a returning visitor in with custom1 and sends them to /dashboard", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.startsWith("/api/payment/auth/"))
          return new Response(
            JSON.stringify({ data: { access_token: "from-custom1", token_type: "bearer", expires_in: 900 } }),
            { status: 200 },
          );
        return new Response(JSON.stringify({ data: member }), { status: 200 });
      }),
    );
    expect(await redirectOf([], "https://site.test/payment-status?payment=p-1&custom1=abc%2Fdef")).toBe("/dashboard");
    expect(calls).toEqual(["/api/payment/auth/abc%2Fdef", "/api/me"]);
    expect(storage.get("auth._token.local")).toBe("Bearer from-custom1");
  });

  it("sends a returning two-factor member to the sign-in page's code step, the challenge kept out of URL and storage", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify({ data: { two_factor_required: true, challenge: "challenge-1" } }), {
          status: 200,
        });
      }),
    );
    expect(await redirectOf([], "https://site.test/payment-status?payment=p-1&custom1=abc")).toBe(
      "/login?redirect=%2Fdashboard",
    );
    // Not signed in yet: no token, no user, and the challenge is nowhere in the URL or storage.
    expect(calls).toEqual(["/api/payment/auth/abc"]);
    expect(storage.get("auth._token.local")).toBeUndefined();
    expect([...storage.values()].join(" ")).not.toContain("challenge-1");
  });

  it("drops a used custom1 and leaves a signed-in member's alone", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: "Not found." }), { status: 404 }));
    vi.stubGlobal("fetch", fetch);
    expect(await redirectOf([], "https://site.test/payment-status?payment=p-1&custom1=used")).toBe(
      "/payment-status?payment=p-1",
    );
    fetch.mockClear();
    signInAs(member);
    expect(await redirectOf([], "https://site.test/payment-status?payment=p-1&custom1=mine")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

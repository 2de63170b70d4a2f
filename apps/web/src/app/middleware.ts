import { redirect } from "react-router";
import { continueWithCode, homeFor, sessionEndedElsewhere, signInAgainPath, useAuthStore } from "../features/auth";
import { useSelectedPackage } from "../features/credits";
import { callEndpoint } from "../lib/api-client";
import { readAccessToken } from "../lib/auth-storage";
import { clientConfig } from "../lib/client-config";
import { safeRelativePath } from "../lib/safe-redirect";
import { useValidationStore } from "../lib/validation-store";

/**
 * Route middleware (spec §2). The global ones run on every route in this order;
 * a route adds its named ones after them.
 */
export interface MiddlewareContext {
  url: URL;
}
export type Middleware = (context: MiddlewareContext) => void | Promise<void>;

/** Loaded when first needed: the endpoints' schemas stay out of the first-load bundle. */
const authEndpoints = () => import("@velvet/shared/contract/auth").then((module) => module.authEndpoints);
const paymentEndpoints = () => import("@velvet/shared/contract/payments").then((module) => module.paymentEndpoints);

/** The signed-in member, loading it once per page life if only the token is known. */
async function currentUser() {
  const state = useAuthStore.getState();
  if (!readAccessToken()) return null;
  return state.user ?? (await state.fetchUser());
}

const registry: Record<string, Middleware> = {
  clearValidationErrors: () => {
    useValidationStore.getState().clearErrors();
  },
  /** ?impersonate_token=…: exchange it, keep it as the user token, load the user, go to /dashboard (spec §4). */
  impersonate: async ({ url }) => {
    const token = url.searchParams.get("impersonate_token");
    if (!token) return;
    try {
      const response = await callEndpoint((await authEndpoints()).impersonate, { body: { token } });
      await useAuthStore.getState().signInWithToken(response.data.access_token);
    } catch {
      // An invalid or used link: continue as whoever was here before; the page shows no secret.
      const rest = new URL(url);
      rest.searchParams.delete("impersonate_token");
      throw redirect(`${rest.pathname}${rest.search}`);
    }
    throw redirect("/dashboard");
  },
  /**
   * Back from the payment gateway and not signed in (spec §4): the return
   * link's single-use custom1 (with the checkout's cookie, which the browser
   * sends by itself) gets a token, the user is loaded, and the visitor goes to
   * /dashboard. A member with two-factor sign-in gets the sign-in page's code
   * step instead, which then goes to /dashboard. A used, expired or other
   * browser's link is dropped from the URL.
   */
  paymentAuth: async ({ url }) => {
    const custom1 = url.searchParams.get("custom1");
    if (!custom1 || readAccessToken()) return;
    try {
      const response = await callEndpoint((await paymentEndpoints()).signInFromGateway, { params: { custom1 } });
      if ("two_factor_required" in response.data)
        throw redirect(continueWithCode(response.data.challenge, "/dashboard"));
      await useAuthStore.getState().signInWithToken(response.data.access_token);
    } catch (thrown) {
      if (thrown instanceof Response) throw thrown;
      const rest = new URL(url);
      rest.searchParams.delete("custom1");
      throw redirect(`${rest.pathname}${rest.search}`);
    }
    throw redirect("/dashboard");
  },
  /** /credits/buy and the steps after it need a selected package (spec §4 credit purchase). */
  creditPayment: () => {
    if (!useSelectedPackage.getState().selected) throw redirect("/credits/package");
  },
  maintenance: ({ url }) => {
    if (clientConfig().maintenance && url.pathname !== "/maintenance") throw redirect("/maintenance");
  },
  guest: async ({ url }) => {
    if (!readAccessToken()) return;
    const back = safeRelativePath(url.searchParams.get("redirect"));
    if (back) throw redirect(back);
    const user = await currentUser();
    // A session that ended elsewhere (its token refused, the user unknown) stays on the sign-in page.
    if (!user) return;
    throw redirect(homeFor(user));
  },
  auth: async ({ url }) => {
    if (readAccessToken() && (await currentUser())) return;
    if (readAccessToken()) useAuthStore.getState().clear();
    throw redirect(signInAgainPath(`${url.pathname}${url.search}`, sessionEndedElsewhere()));
  },
  /** The operator console: a signed-in operator or admin (scope); a member goes to /dashboard. */
  staff: async () => {
    const user = await currentUser();
    if (!user?.scope.some((role) => role === "operator" || role === "admin")) throw redirect("/dashboard");
  },
  /** The admin console: admins only; an operator goes to the operator console, anyone else to /dashboard. */
  admin: async () => {
    const user = await currentUser();
    if (!user?.scope.includes("admin")) throw redirect(user?.scope.includes("operator") ? "/operator" : "/dashboard");
  },
  /** A deactivated member is confined to /deactivated (spec §4). */
  deactivated: async ({ url }) => {
    const user = await currentUser();
    if (!user) return;
    if (user.deactivated && url.pathname !== "/deactivated") throw redirect("/deactivated");
    if (!user.deactivated && url.pathname === "/deactivated") throw redirect("/dashboard");
  },
};

export const globalMiddleware = ["clearValidationErrors", "impersonate", "paymentAuth", "maintenance"] as const;

export class UnknownMiddlewareError extends Error {
  readonly status = 500;
  constructor(name: string) {
    super(`Unknown middleware ${name}`);
  }
}

export async function runMiddleware(names: readonly string[], context: MiddlewareContext): Promise<void> {
  for (const name of [...globalMiddleware, ...names]) {
    const middleware = registry[name];
    if (!middleware) throw new UnknownMiddlewareError(name);
    await middleware(context);
  }
}

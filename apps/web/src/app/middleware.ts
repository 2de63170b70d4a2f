import { redirect } from "react-router";
import { readAccessToken } from "../lib/auth-storage";
import { clientConfig } from "../lib/client-config";
import { safeRelativePath } from "../lib/safe-redirect";
import { useValidationStore } from "../lib/validation-store";

/**
 * Route middleware (spec §2). The global ones run on every route in this order;
 * a route adds its named ones after them. Features register theirs here as they
 * land (impersonate and paymentAuth with accounts and payments).
 */
export interface MiddlewareContext {
  url: URL;
}
export type Middleware = (context: MiddlewareContext) => void | Promise<void>;

const registry: Record<string, Middleware> = {
  clearValidationErrors: () => {
    useValidationStore.getState().clearErrors();
  },
  maintenance: ({ url }) => {
    if (clientConfig().maintenance && url.pathname !== "/maintenance") throw redirect("/maintenance");
  },
  guest: ({ url }) => {
    if (!readAccessToken()) return;
    throw redirect(safeRelativePath(url.searchParams.get("redirect")) ?? "/dashboard");
  },
  auth: ({ url }) => {
    if (readAccessToken()) return;
    throw redirect(`/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  },
};

export const globalMiddleware = ["clearValidationErrors", "maintenance"] as const;

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

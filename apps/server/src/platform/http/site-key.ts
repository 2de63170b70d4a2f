import { timingSafeEqual } from "node:crypto";
import { apiHeaders } from "@velvet/shared/api/headers";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes called by third parties (pusher-js, payment gateways, monitors) carry no site key. */
    siteKeyExempt?: boolean;
    /** Routes that keep answering while MAINTENANCE=1 (health, client-config). */
    maintenanceExempt?: boolean;
  }
}

function matchesAny(candidate: string, keys: string[]): boolean {
  const given = Buffer.from(candidate);
  let matched = false;
  for (const key of keys) {
    const expected = Buffer.from(key);
    // Compare every key in constant time so the answer time does not reveal a near match.
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}

/**
 * Whether the request reached an API route. Decided on the route the router chose, never on the raw URL:
 * the router decodes the path (`/%61pi/login` and `http://host/api/login` reach `/api/login`), so a check
 * reading `request.url` could be walked around by spelling the path differently.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith("/api/") === true;
}

/** Every /api route requires a known `X-Site-Key`; a missing or unknown key gets 401 "Unknown site". */
export function registerSiteKeyCheck(app: FastifyInstance, siteKeys: string[]): void {
  const headerName = apiHeaders.siteKey.toLowerCase();
  app.addHook("onRequest", async (request) => {
    // Unmatched paths (including those the static catch-all sees) fall through to the JSON 404, key or no key.
    if (!isApiRoute(request)) return;
    if (request.routeOptions.config.siteKeyExempt) return;
    const given = request.headers[headerName];
    if (typeof given !== "string" || !matchesAny(given, siteKeys)) throw new AppError("unknown_site");
  });
}

/** MAINTENANCE=1: every API route but the exempt ones answers 503 so clients go to /maintenance. */
export function registerMaintenanceSwitch(app: FastifyInstance, maintenance: boolean): void {
  if (!maintenance) return;
  app.addHook("onRequest", async (request) => {
    if (!isApiRoute(request)) return;
    if (request.routeOptions.config.maintenanceExempt) return;
    throw new AppError("maintenance");
  });
}

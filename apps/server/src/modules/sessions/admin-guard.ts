import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";
import { requireAuth } from "./authenticate";

export type StaffRole = "operator" | "admin";

/**
 * Console routes: a member gets 403 (a guest has already had 401 from requireAuth), and so does staff whose
 * account is deactivated or suspended, from the next request on: the role alone is not enough.
 */
export function assertStaff(auth: Authenticated, allowed: readonly StaffRole[]): void {
  // An impersonated session holds a member's identity: it never reaches the console.
  if (auth.session.impersonatorId !== null) throw new AppError("forbidden");
  if (auth.user.deactivatedAt || auth.user.suspendedAt || auth.user.deletedAt) throw new AppError("forbidden");
  if (!auth.user.roles.some((role) => (allowed as readonly string[]).includes(role))) throw new AppError("forbidden");
}

/** preHandler form of assertStaff, run before body validation. */
export function requireStaff(allowed: readonly StaffRole[]) {
  return async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError("unauthenticated");
    assertStaff(request.auth, allowed);
  };
}

/** onRequest for admin-only routes: signed in (401), then the admin role (403), before the body is read. */
export function adminGuard(context: AppContext) {
  return [requireAuth(context), requireStaff(["admin"])];
}

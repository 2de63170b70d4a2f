import type { TCurrentUser } from "@velvet/shared/api/auth";
import { safeRelativePath } from "../../lib/safe-redirect";

/** Where a signed-in person starts when no page asked for them: staff at their console. */
export function homeFor(user: Pick<TCurrentUser, "profile_complete" | "scope">): string {
  if (user.scope.includes("admin")) return "/admin";
  if (user.scope.includes("operator")) return "/operator";
  return user.profile_complete ? "/dashboard" : "/profile/complete";
}

/**
 * Where a member goes after signing in (spec §2): back to the page
 * first tried if that is a safe relative path, else staff to their console,
 * members to /profile/complete while the profile is incomplete, else to /dashboard.
 */
export function destinationAfterLogin(
  user: Pick<TCurrentUser, "profile_complete" | "deactivated" | "scope">,
  redirect: string | null,
): string {
  if (user.deactivated) return "/deactivated";
  const back = safeRelativePath(redirect);
  if (back && back !== "/login") return back;
  return homeFor(user);
}

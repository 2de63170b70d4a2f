import type { TCurrentUser } from "@velvet/shared/api/auth";
import { safeRelativePath } from "../../lib/safe-redirect";

/**
 * Where a member goes after signing in (spec §2, issue 3): back to the page
 * first tried if that is a safe relative path, else to /profile/complete while
 * the profile is incomplete, else to /dashboard.
 */
export function destinationAfterLogin(
  user: Pick<TCurrentUser, "profile_complete" | "deactivated">,
  redirect: string | null,
): string {
  if (user.deactivated) return "/deactivated";
  const back = safeRelativePath(redirect);
  if (back && back !== "/login") return back;
  return user.profile_complete ? "/dashboard" : "/profile/complete";
}

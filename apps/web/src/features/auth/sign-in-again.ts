import { safeRelativePath } from "../../lib/safe-redirect";

/** The query value /login reads to say why the member is there. */
export const SESSION_ENDED_REASON = "signed-out";

/**
 * The sign-in page with the way back (`redirect`) and, when a session ended elsewhere, the reason
 * (`reason=signed-out`), so the page can say "You were signed out. Please sign in again.".
 */
export function signInAgainPath(returnTo: string, sessionEnded: boolean): string {
  const params = new URLSearchParams();
  const back = safeRelativePath(returnTo);
  if (back && back !== "/login" && back !== "/") params.set("redirect", back);
  if (sessionEnded) params.set("reason", SESSION_ENDED_REASON);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

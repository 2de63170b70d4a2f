import { useMatches } from "react-router";
import { useAuthStore } from "../../features/auth/auth-store";
import { showsAccountHeader } from "./member-menu";

function routeName(handle: unknown): string | undefined {
  if (typeof handle !== "object" || handle === null || !("name" in handle)) return undefined;
  return typeof handle.name === "string" ? handle.name : undefined;
}

/**
 * Whether the account header strip is on screen. The navbar asks too: on a
 * phone it shows the balance itself only where the strip (which carries it)
 * is absent, so the balance appears once on every screen.
 */
export function useAccountHeaderShown(memberLayout: boolean): boolean {
  const user = useAuthStore((state) => (state.loggedIn ? state.user : null));
  const routeNames = useMatches().map((match) => routeName(match.handle));
  return showsAccountHeader({ memberLayout, user, routeNames });
}

import type { TCurrentUser, TToken } from "@velvet/shared/api/auth";
import { create } from "zustand";
import {
  ApiError,
  callEndpoint,
  setSessionEndedHandler,
  setSessionRenewer,
  setSuspensionHandler,
} from "../../lib/api-client";
import { readAccessToken, readStoredUser, TOKEN_KEY, writeAccessToken, writeStoredUser } from "../../lib/auth-storage";
import { goTo } from "../../lib/navigation";
import { useRealtimeStore } from "../realtime";
import { type ClickSection, trackClick } from "../tracking";
import { signInAgainPath } from "./sign-in-again";

/**
 * The authentication state of spec §4: signing in stores the bearer token and
 * then fetches the user; signing out clears both and reloads to /.
 * Kept free of zod so it can live in the first-load bundle: the auth endpoints (and their schemas)
 * are loaded when first called.
 */
const authEndpoints = () => import("@velvet/shared/contract/auth").then((module) => module.authEndpoints);

interface AuthState {
  token: string | null;
  user: TCurrentUser | null;
  loggedIn: boolean;
  setUser(user: TCurrentUser | null): void;
  /** Stores a freshly issued access token and loads the member. */
  signInWithToken(token: string): Promise<TCurrentUser>;
  fetchUser(): Promise<TCurrentUser | null>;
  clear(): void;
}

/** Set once a session ended elsewhere, so the sign-in page says why even if a route guard gets there first. */
let endedElsewhere = false;

export const useAuthStore = create<AuthState>((set, get) => ({
  token: readAccessToken(),
  user: readStoredUser<TCurrentUser>(),
  loggedIn: readAccessToken() !== null,
  setUser: (user) => {
    writeStoredUser(user);
    set({ user });
  },
  signInWithToken: async (token) => {
    endedElsewhere = false;
    writeAccessToken(token);
    set({ token, loggedIn: true });
    const user = await get().fetchUser();
    if (!user) throw new Error("signed in but the user could not be loaded");
    return user;
  },
  fetchUser: async () => {
    if (!readAccessToken()) return null;
    try {
      const { data } = await callEndpoint((await authEndpoints()).currentUser);
      get().setUser(data);
      return data;
    } catch {
      return get().user;
    }
  },
  clear: () => {
    writeAccessToken(null);
    writeStoredUser(null);
    set({ token: null, user: null, loggedIn: false });
  },
}));

let renewal: Promise<boolean> | null = null;

/** Rotates the refresh cookie; concurrent callers share one request. */
export function renewAccessToken(): Promise<boolean> {
  renewal ??= (async () => {
    try {
      const { data } = await callEndpoint((await authEndpoints()).refresh, {}, { progress: false });
      writeAccessToken(data.access_token);
      useAuthStore.setState({ token: data.access_token, loggedIn: true });
      return true;
    } catch (error) {
      // Only the server's refusal ends the session here; a dropped connection keeps it for the next try.
      if (error instanceof ApiError) useAuthStore.getState().clear();
      return false;
    } finally {
      renewal = null;
    }
  })();
  return renewal;
}

/** Refresh interval (spec §7 "interval 10"): every 10 minutes, well inside the 15-minute token life. */
const REFRESH_EVERY_MS = 10 * 60_000;

export function sessionEndedElsewhere(): boolean {
  return endedElsewhere;
}

/**
 * A session ended on another device or by a password change: sign out here too and go to
 * sign-in with the page to come back to, instead of carrying on as a half-working guest.
 */
function endSessionHere(): void {
  endedElsewhere = true;
  useAuthStore.getState().clear();
  const { pathname, search } = window.location;
  if (pathname === "/login") return;
  goTo(signInAgainPath(`${pathname}${search}`, true), { replace: true });
}

export function startSessionKeeper(): void {
  setSessionRenewer(renewAccessToken);
  setSessionEndedHandler(endSessionHere);
  // Suspended: the server ended every session; sign-in then says why.
  setSuspensionHandler(() => {
    useAuthStore.getState().clear();
    if (window.location.pathname !== "/login") window.location.assign("/login");
  });
  setInterval(() => {
    if (!useAuthStore.getState().loggedIn) return;
    void renewAccessToken().then((renewed) => {
      if (!renewed && !readAccessToken()) endSessionHere();
    });
  }, REFRESH_EVERY_MS);
  // Signing in or out in another tab changes loggedIn here too: go home rather than show stale pages.
  window.addEventListener("storage", (event) => {
    if (event.key !== TOKEN_KEY) return;
    const signedIn = event.newValue !== null;
    if (signedIn !== useAuthStore.getState().loggedIn) window.location.assign("/");
  });
}

export function storeTokenResponse(response: { data: TToken }): Promise<TCurrentUser> {
  return useAuthStore.getState().signInWithToken(response.data.access_token);
}

/**
 * Logout (spec §7): the click is tracked first (`from` says which menu), then
 * the session ends even if tracking failed; reload to /.
 */
export async function logout(from: ClickSection): Promise<void> {
  // This tab's live connection closes first: the server closes the session's sockets when it ends it, and pusher-js,
  // still subscribing in that moment (a channel's authorisation answered), sent into the closing socket ("WebSocket
  // is already in CLOSING or CLOSED state", in CI). The page is left either way, so nothing resumes it.
  useRealtimeStore.getState().pause();
  await trackClick(from, "logout_btn");
  await authEndpoints()
    .then((endpoints) => callEndpoint(endpoints.logout, {}, { progress: false }))
    .catch(() => {});
  useAuthStore.getState().clear();
  window.location.assign("/");
}

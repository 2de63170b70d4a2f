import type { TCurrentUser } from "@velvet/shared/api/auth";
import { create } from "zustand";
import { api, setSessionRenewer, setSuspensionHandler } from "../../lib/api-client";
import { readAccessToken, readStoredUser, TOKEN_KEY, writeAccessToken, writeStoredUser } from "../../lib/auth-storage";
import { type ClickSection, trackClick } from "../tracking/track-click";

/**
 * The authentication state of spec §4: signing in stores the bearer token and
 * then fetches the user; signing out clears both and reloads to /.
 * Kept free of zod so it can live in the first-load bundle.
 */
interface TokenResponse {
  data: { access_token: string; token_type: "bearer"; expires_in: number };
}

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

export const useAuthStore = create<AuthState>((set, get) => ({
  token: readAccessToken(),
  user: readStoredUser<TCurrentUser>(),
  loggedIn: readAccessToken() !== null,
  setUser: (user) => {
    writeStoredUser(user);
    set({ user });
  },
  signInWithToken: async (token) => {
    writeAccessToken(token);
    set({ token, loggedIn: true });
    const user = await get().fetchUser();
    if (!user) throw new Error("signed in but the user could not be loaded");
    return user;
  },
  fetchUser: async () => {
    if (!readAccessToken()) return null;
    try {
      const { data } = await api.post<{ data: TCurrentUser }>("/me");
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
      const { data } = await api.post<TokenResponse>("/refresh", undefined, { progress: false });
      writeAccessToken(data.access_token);
      useAuthStore.setState({ token: data.access_token, loggedIn: true });
      return true;
    } catch {
      useAuthStore.getState().clear();
      return false;
    } finally {
      renewal = null;
    }
  })();
  return renewal;
}

/** Refresh interval (spec §7 "interval 10"): every 10 minutes, well inside the 15-minute token life. */
const REFRESH_EVERY_MS = 10 * 60_000;

export function startSessionKeeper(): void {
  setSessionRenewer(renewAccessToken);
  // Suspended (issue 17): the server ended every session; sign-in then says why.
  setSuspensionHandler(() => {
    useAuthStore.getState().clear();
    if (window.location.pathname !== "/login") window.location.assign("/login");
  });
  setInterval(() => {
    if (useAuthStore.getState().loggedIn) void renewAccessToken();
  }, REFRESH_EVERY_MS);
  // Signing in or out in another tab changes loggedIn here too: go home rather than show stale pages.
  window.addEventListener("storage", (event) => {
    if (event.key !== TOKEN_KEY) return;
    const signedIn = event.newValue !== null;
    if (signedIn !== useAuthStore.getState().loggedIn) window.location.assign("/");
  });
}

export function storeTokenResponse(response: TokenResponse): Promise<TCurrentUser> {
  return useAuthStore.getState().signInWithToken(response.data.access_token);
}

/**
 * Logout (spec §7): the click is tracked first (`from` says which menu), then
 * the session ends even if tracking failed; reload to /.
 */
export async function logout(from: ClickSection): Promise<void> {
  await trackClick(from, "logout_btn");
  await api.post("/logout", undefined, { progress: false }).catch(() => {});
  useAuthStore.getState().clear();
  window.location.assign("/");
}

/**
 * Where the bearer token and the user live (spec §3: cookie and local storage
 * under the `auth.` prefix). The accounts feature writes them; the API client
 * reads the token.
 */
export const TOKEN_KEY = "auth._token.local";
export const USER_KEY = "auth.user";

function writeCookie(name: string, value: string | null, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; this is the portable way.
  document.cookie =
    value && maxAgeSeconds > 0
      ? `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`
      : `${name}=; Path=/; SameSite=Strict; Max-Age=0${secure}`;
}

/**
 * Seconds until the access token's own `exp` claim (0 when it has passed or
 * cannot be read): its cookie copy must not outlive it. The token is only
 * read here, never trusted; the server checks it on every request.
 */
export function secondsUntilExpiry(token: string, nowMs = Date.now()): number {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === "number" ? Math.max(0, Math.floor(exp - nowMs / 1000)) : 0;
  } catch {
    return 0;
  }
}

export function readAccessToken(): string | null {
  try {
    const value = window.localStorage.getItem(TOKEN_KEY);
    return value ? value.replace(/^Bearer\s+/i, "") : null;
  } catch {
    return null;
  }
}

export function writeAccessToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, `Bearer ${token}`);
    else window.localStorage.removeItem(TOKEN_KEY);
    writeCookie(TOKEN_KEY, token ? `Bearer ${token}` : null, token ? secondsUntilExpiry(token) : 0);
  } catch {
    // Private browsing can refuse storage; the member then stays signed in for this page only.
  }
}

export function readStoredUser<T>(): T | null {
  try {
    const raw = window.localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: unknown | null): void {
  try {
    if (user) window.localStorage.setItem(USER_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(USER_KEY);
  } catch {
    // See writeAccessToken.
  }
}

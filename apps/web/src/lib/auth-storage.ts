/**
 * Where the bearer token and the user live (spec §3: cookie and local storage
 * under the `auth.` prefix). The accounts feature writes them; the API client
 * reads the token.
 */
export const TOKEN_KEY = "auth._token.local";
export const USER_KEY = "auth.user";

function writeCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; this is the portable way.
  document.cookie = value
    ? `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict; Max-Age=${30 * 24 * 3600}${secure}`
    : `${name}=; Path=/; SameSite=Strict; Max-Age=0${secure}`;
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
    writeCookie(TOKEN_KEY, token ? `Bearer ${token}` : null);
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

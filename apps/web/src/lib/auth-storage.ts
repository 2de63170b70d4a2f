/**
 * Where the bearer token lives (spec §3: under the `auth.` prefix). The accounts
 * feature writes it at sign-in; everything else only reads it.
 */
const TOKEN_KEY = "auth._token.local";

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
  } catch {
    // Private browsing can refuse storage; the member then stays signed in for this page only.
  }
}

/**
 * The visitor's cookie choice as the browser stores it (apps/web/src/lib/consent.ts): JSON in localStorage and, the
 * same text URI-encoded, in the `consent` cookie. Here so the server reads the cookie by the same rule the browser
 * writes it: a page sent to a visitor who has not chosen carries the banner in its HTML.
 * Bumping CONSENT_VERSION (new purposes) asks everyone again.
 */
export const CONSENT_VERSION = 1;
export const CONSENT_STORAGE_KEY = "consent";
export const CONSENT_COOKIE = "consent";

export interface ConsentChoice {
  version: number;
  statistics: boolean;
  marketing: boolean;
  decided_at: string;
}

/** The stored choice, or null when there is none, it does not parse, or it was made for another version. */
export function parseConsentChoice(text: string | null | undefined): ConsentChoice | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ConsentChoice> | null;
    if (value?.version !== CONSENT_VERSION) return null;
    if (typeof value.statistics !== "boolean" || typeof value.marketing !== "boolean") return null;
    return {
      version: value.version,
      statistics: value.statistics,
      marketing: value.marketing,
      decided_at: String(value.decided_at ?? ""),
    };
  } catch {
    return null;
  }
}

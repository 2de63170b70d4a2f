/**
 * The visitor's cookie and tracking choice (the company is in the EU: ePrivacy and GDPR). Before a choice, and
 * after "Essential only", the site runs only what it needs to work (sign-in, security, the visit's settings); the
 * optional parts each wait for their own consent:
 *
 * - `statistics`: click tracking (features/tracking) and the Device-ID fingerprint header (lib/device-id);
 * - `marketing`: campaign capture, which ad or link brought the visitor (features/campaign).
 *
 * Kept in localStorage and mirrored in a cookie, so the choice survives either being cleared and the server can
 * read it (a page for a visitor without a choice carries the banner in its HTML); either copy with a known version
 * counts. The stored format and its version are shared with the server: @velvet/shared/consent/consent-choice.
 * Plain module state rather than a store library: the device-id and tracking code read it outside React, and the
 * banner subscribes with useSyncExternalStore.
 */
import {
  CONSENT_COOKIE,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  type ConsentChoice,
  parseConsentChoice,
} from "@velvet/shared/consent/consent-choice";

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type ConsentPurpose = "statistics" | "marketing";

export interface ConsentState {
  /** null until the visitor has chosen: only essential cookies run, and the banner shows. */
  choice: ConsentChoice | null;
  /** The footer's "Cookie settings" reopened the banner with the choices shown. */
  settingsOpen: boolean;
}

function readCookie(): string | null {
  if (typeof document === "undefined" || typeof document.cookie !== "string") return null;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(CONSENT_COOKIE.length + 1)) : null;
}

function readStored(): ConsentChoice | null {
  try {
    const stored =
      typeof localStorage === "undefined" ? null : parseConsentChoice(localStorage.getItem(CONSENT_STORAGE_KEY));
    if (stored) return stored;
  } catch {
    // Storage blocked (private mode): the cookie copy is the other place it can be.
  }
  return parseConsentChoice(readCookie());
}

function writeStored(choice: ConsentChoice): void {
  const text = JSON.stringify(choice);
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, text);
  } catch {
    // The cookie below still keeps the choice.
  }
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox; this is the portable way.
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(text)}; Path=/; SameSite=Lax; Max-Age=${COOKIE_MAX_AGE_SECONDS}${secure}`;
}

let state: ConsentState | null = null;
const listeners = new Set<() => void>();

function current(): ConsentState {
  if (!state) state = { choice: readStored(), settingsOpen: false };
  return state;
}

function update(next: ConsentState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function consentState(): ConsentState {
  return current();
}

/** Whether an optional purpose may run now: never before the visitor said yes to it. */
export function hasConsent(purpose: ConsentPurpose): boolean {
  return current().choice?.[purpose] === true;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the visitor's choice (both copies) and closes the banner; subscribers start or stop what it allows. */
export function saveConsent(choices: Pick<ConsentChoice, ConsentPurpose>, now = new Date()): ConsentChoice {
  const choice: ConsentChoice = { version: CONSENT_VERSION, ...choices, decided_at: now.toISOString() };
  writeStored(choice);
  update({ choice, settingsOpen: false });
  return choice;
}

/** The footer's "Cookie settings": the banner again, with each purpose to switch. */
export function openConsentSettings(): void {
  update({ ...current(), settingsOpen: true });
}

export function closeConsentSettings(): void {
  update({ ...current(), settingsOpen: false });
}

/** For tests: forget the module's copy so the next read comes from storage again. */
export function resetConsentForTests(): void {
  state = null;
  listeners.clear();
}

import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "screenshots");

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * The cookie choice every test page starts with, unless it asks for none (`consent: null`, the first visit): all
 * accepted, so the suites that check click tracking, the Device-ID header or campaigns see them, and the banner
 * covers nothing a test clicks. Only set when the page has no choice yet, so a test may still change it.
 */
const acceptedConsent = JSON.stringify({
  version: 1,
  statistics: true,
  marketing: true,
  decided_at: "2026-01-01T00:00:00Z",
});

/**
 * For a test that makes its own browser context: the accepted choice newPage gives its pages, in both places the app
 * keeps it (localStorage, and the cookie the server reads to leave the banner out of the page's HTML).
 * `storageOnly` leaves the cookie out, as after a visitor cleared their cookies.
 */
export async function acceptConsent(context: BrowserContext, options: { storageOnly?: boolean } = {}): Promise<void> {
  if (!options.storageOnly) {
    await context.addCookies([{ name: "consent", value: encodeURIComponent(acceptedConsent), url: inject("baseUrl") }]);
  }
  await context.addInitScript((choice: string) => {
    try {
      if (!localStorage.getItem("consent")) localStorage.setItem("consent", choice);
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, acceptedConsent);
}

export async function newPage(
  browser: Browser,
  width: number,
  options: { consent?: "accepted" | "accepted-in-storage-only" | null } = {},
) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 } });
  if (options.consent !== null)
    await acceptConsent(context, { storageOnly: options.consent === "accepted-in-storage-only" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // A failed resource's message names no address on its own: the address says which request it was.
    if (message.type() !== "error") return;
    const { url } = message.location();
    errors.push(
      message.text().startsWith("Failed to load resource") && url ? `${message.text()} (${url})` : message.text(),
    );
  });
  return { page, errors, close: () => context.close() };
}

/**
 * Screenshots for people to look at (e2e/screenshots, not committed). The whole page by
 * default; `fullPage: false` for what sits over the page (a dropdown, a popup, a panel).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  // CI keeps no artefacts, so .ci/run turns them off (VELVET_E2E_SCREENSHOTS=0): rendering a whole page in software
  // and encoding it as PNG is CPU the machine's two cores spend on the tests instead.
  if (process.env.VELVET_E2E_SCREENSHOTS === "0") return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * The console errors a test expects to see and leaves out: the browser logs every 4xx answer as "Failed to load
 * resource: the server responded with a status of 4xx", and many tests provoke those on purpose (a refused
 * payment, a 404 page, a limit). Pass what else a test provokes (e.g. "ERR_INTERNET_DISCONNECTED").
 */
export function ignoreExpectedStatuses(errors: string[], ...alsoExpected: string[]): string[] {
  return errors.filter(
    (message) => !message.includes("status of 4") && !alsoExpected.some((expected) => message.includes(expected)),
  );
}

/** What Chromium logs when a page writes to a WebSocket that is already closing. */
const WRITE_TO_CLOSING_SOCKET = "WebSocket is already in CLOSING or CLOSED state";

/**
 * Runs `signOut` (a click that ends the session and leaves the page) and lets through, from the errors logged
 * meanwhile, only the browser's note of a write to a closing socket. Why: a channel whose authorisation answers as
 * the member signs out has its subscribe queued in pusher-js (its transport writes a task later), and the socket
 * is closing by then, by the page or by the server ending the session. Nothing is lost: the page is being left.
 * Closing earlier or later only moves the window (tried: the close a task later still met it 4 times in 14).
 */
export async function signingOut(errors: string[], signOut: () => Promise<void>): Promise<void> {
  const before = errors.length;
  await signOut();
  const meanwhile = errors.splice(before);
  errors.push(...meanwhile.filter((message) => !message.includes(WRITE_TO_CLOSING_SOCKET)));
}

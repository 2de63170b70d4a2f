import { timings } from "@velvet/shared/constants/limits";
import { hasConsent } from "./consent";

/**
 * The Device-ID header (spec §3, §7): a hash of browser fingerprint components.
 * It is first computed when the browser is idle (or after 500 ms where
 * requestIdleCallback does not exist), and refreshed on each request: the
 * components are read again and the hash recomputed only when one changed (a
 * window moved to another screen, a language switched). A request made before
 * the idle pass computes it there and then, so every request carries it.
 *
 * A fingerprint is tracking (ePrivacy): it is computed and sent only once the visitor consented to statistics
 * (lib/consent); before that, and after a withdrawal, requests go without the header.
 *
 * Only cheap, stable components: the id must not change between two requests
 * of one visit, and reading them must cost next to nothing on every request.
 */
let cached: { components: string; id: string } | null = null;

export function fingerprintComponents(): string {
  const nav = navigator as Navigator & { deviceMemory?: number };
  const display = typeof screen === "undefined" ? "" : `${screen.width}x${screen.height}x${screen.colorDepth}`;
  return [
    nav.userAgent,
    nav.language,
    (nav.languages ?? []).join(","),
    nav.platform ?? "",
    String(nav.hardwareConcurrency ?? ""),
    String(nav.deviceMemory ?? ""),
    String(nav.maxTouchPoints ?? ""),
    Intl.DateTimeFormat().resolvedOptions().timeZone ?? "",
    String(new Date().getTimezoneOffset()),
    display,
    String(typeof devicePixelRatio === "number" ? devicePixelRatio : ""),
  ].join("|");
}

/**
 * A 128-bit non-cryptographic hash (cyrb128, public domain), as 32 hex digits.
 * The id identifies a browser for abuse and fraud signals; it protects nothing,
 * so it needs no cryptographic hash, and a synchronous one keeps requests simple.
 */
export function hashComponents(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((part) => (part >>> 0).toString(16).padStart(8, "0")).join("");
}

/**
 * The current device id, recomputed if a component changed since the last call; null where it cannot be read or
 * the visitor has not consented to statistics.
 */
export function refreshDeviceId(): string | null {
  if (!hasConsent("statistics")) {
    cached = null;
    return null;
  }
  try {
    const components = fingerprintComponents();
    if (cached?.components !== components) cached = { components, id: hashComponents(components) };
    return cached.id;
  } catch {
    // A browser that hides these (or a test without them): the request goes without the header.
    return null;
  }
}

/** The first computation, off the critical path: when idle, or after the 500 ms fallback (spec §3). */
export function scheduleDeviceId(): void {
  const compute = () => {
    refreshDeviceId();
  };
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(compute);
  else setTimeout(compute, timings.deviceIdIdleFallbackMs);
}

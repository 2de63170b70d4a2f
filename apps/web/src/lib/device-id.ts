import { timings } from "@velvet/shared/constants/limits";

/**
 * The Device-ID header (spec §3): a hash of browser fingerprint components,
 * computed when the browser is idle so it never delays the first paint.
 */
let deviceId: string | null = null;

function fingerprintComponents(): string[] {
  const screenInfo = typeof screen === "undefined" ? "" : `${screen.width}x${screen.height}x${screen.colorDepth}`;
  return [
    navigator.userAgent,
    navigator.language,
    (navigator.languages ?? []).join(","),
    String(navigator.hardwareConcurrency ?? ""),
    Intl.DateTimeFormat().resolvedOptions().timeZone ?? "",
    screenInfo,
    String(new Date().getTimezoneOffset()),
    navigator.platform ?? "",
  ];
}

async function computeDeviceId(): Promise<string> {
  const bytes = new TextEncoder().encode(fingerprintComponents().join("|"));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 32);
}

export function scheduleDeviceId(): void {
  const run = () => {
    computeDeviceId()
      .then((id) => {
        deviceId = id;
      })
      .catch(() => {});
  };
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, timings.deviceIdIdleFallbackMs);
}

export function currentDeviceId(): string | null {
  return deviceId;
}

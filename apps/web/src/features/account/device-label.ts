import Bowser from "bowser";

/** "Firefox on macOS" from a session's recorded user agent; a phone or a computer for the icon. */
export function describeDevice(userAgent: string | null): { label: string; mobile: boolean } {
  if (!userAgent) return { label: "Unknown device", mobile: false };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  // bowser answers "" (not undefined) for what it does not recognise.
  const label = browser && os ? `${browser} on ${os}` : browser || os || "Unknown device";
  return { label, mobile: parsed.platform.type === "mobile" || parsed.platform.type === "tablet" };
}

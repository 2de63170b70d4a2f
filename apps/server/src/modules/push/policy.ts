import { isIP } from "node:net";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";

/**
 * Names that only ever mean this machine or a private network: localhost (RFC 6761), mDNS's .local, ICANN's
 * .internal (metadata.google.internal), home.arpa (RFC 8375) and the reverse-lookup .arpa names.
 */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|home\.arpa|arpa)$/i;
/**
 * A name that spells an IPv4 address (169.254.169.254.nip.io, 10-0-0-1.sslip.io): wildcard DNS services answer
 * it with that address. No push service is named so. This only refuses the obvious at subscription time; the
 * delivery's public-only connection (platform/http/public-only-agent.ts) is what keeps every other name out.
 */
const SPELLED_ADDRESS = /(^|[.-])\d{1,3}([.-])\d{1,3}\2\d{1,3}\2\d{1,3}([.-]|$)/;
/** The test suites' fake push service listens on one of these (config.push.localServiceForTests). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const pushPolicy = {
  /**
   * Staff acting as a member (an operator's impersonation) use their own browser: subscribing it would send the
   * member's private notifications to the operator's machine after the session ends.
   */
  assertOwnBrowser(auth: Authenticated): void {
    if (auth.session.impersonatorId !== null) {
      throw new AppError("forbidden", "Notifications on this device are for the member's own browser.");
    }
  },

  /**
   * The server POSTs to whatever endpoint a member hands in, so it must look like a push service: https on a
   * public host name with a dot in it (browsers' push services all are). A trailing dot (`localhost.`, the fully
   * qualified spelling) names the same host, so it is dropped before the names are judged. Only the test
   * harnesses (`localServiceForTests`) may name a push service on this machine's loopback address.
   */
  assertDeliverableEndpoint(endpoint: string, options: { localServiceForTests: boolean }): void {
    const url = new URL(endpoint);
    const hostname = url.hostname.replace(/\.+$/, "");
    const local = LOOPBACK_HOSTS.has(hostname.toLowerCase());
    const web = url.protocol === "http:" || url.protocol === "https:";
    if (options.localServiceForTests && local && web && !url.username && !url.password) return;
    const literal = isIP(hostname.replace(/^\[|\]$/g, "")) !== 0;
    const named = !literal && hostname.includes(".") && !PRIVATE_NAME.test(hostname) && !SPELLED_ADDRESS.test(hostname);
    if (url.protocol !== "https:" || !named || url.username || url.password) {
      throw new AppError("validation", "This push subscription cannot be used.", {
        fields: { endpoint: ["This push subscription cannot be used."] },
      });
    }
  },
};

import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";

/** Hosts a push subscription may never point at in production: the server would be made to call itself. */
const PRIVATE_HOST = /^(localhost|.*\.localhost|.*\.local|.*\.internal|\[.*\]|\d+\.\d+\.\d+\.\d+)$/i;

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
   * public host name (browsers' push services all are). Outside production a local http endpoint is allowed so
   * tests and development can receive pushes.
   */
  assertDeliverableEndpoint(endpoint: string, isProduction: boolean): void {
    const url = new URL(endpoint);
    const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
    if (!isProduction && local && (url.protocol === "http:" || url.protocol === "https:")) return;
    if (url.protocol !== "https:" || PRIVATE_HOST.test(url.hostname) || url.username || url.password) {
      throw new AppError("validation", "This push subscription cannot be used.", {
        fields: { endpoint: ["This push subscription cannot be used."] },
      });
    }
  },
};

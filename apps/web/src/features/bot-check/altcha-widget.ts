import { apiHeaders } from "@velvet/shared/api/headers";
import type { AltchaWidgetElement } from "altcha/types/generic";
// The build without inline workers and styles: the site's CSP allows workers and styles from 'self' only.
import "altcha/external";
import "altcha/altcha.css";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";

/**
 * The ALTCHA widget, loaded only when a visitor starts filling in a guarded form
 * (it is about 30 KB gzipped, kept out of the first load). The server's
 * challenges are PBKDF2/SHA-256, solved in a worker.
 */
globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());

/** The challenge request carries the site key, as every API request does. */
const withSiteKey: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set(apiHeaders.siteKey, __SITE_KEY__);
  headers.set("Accept", "application/json");
  return fetch(input, { ...init, headers, cache: "no-store" });
};

/** The widget inside `host`, created on first use; invisible (the form shows its state) and solving only when asked. */
export async function altchaWidgetIn(host: HTMLElement): Promise<AltchaWidgetElement> {
  let widget = host.querySelector("altcha-widget");
  if (!widget) {
    widget = document.createElement("altcha-widget");
    widget.setAttribute("display", "invisible");
    widget.setAttribute("auto", "off");
    widget.setAttribute("name", "altcha");
    host.append(widget);
  }
  await customElements.whenDefined("altcha-widget");
  await widget.configure({
    challenge: "/api/bot-check/challenge",
    fetch: withSiteKey,
    hideLogo: true,
    hideFooter: true,
    humanInteractionSignature: false,
  });
  return widget;
}

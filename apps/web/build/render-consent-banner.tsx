import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import BannerPanel from "../src/features/consent/BannerPanel";
import { PRERENDERED_BANNER_ID } from "../src/features/consent/prerendered-banner";

/**
 * The cookie banner as first shown (no choice yet), its buttons disabled until the app's own banner replaces it,
 * rendered from its own component, in the wrapper the app removes
 * once React's banner takes its place (features/consent/prerendered-banner.ts). Loaded by the build through Vite
 * (prerendered-consent-banner.ts), like the app's own modules.
 */
export function renderConsentBanner(): string {
  const banner = renderToStaticMarkup(
    <StaticRouter location="/">
      <BannerPanel settingsOpen={false} staticCopy />
    </StaticRouter>,
  );
  return `<div id="${PRERENDERED_BANNER_ID}">${banner}</div>`;
}

import { createServer, type Plugin } from "vite";

/** Where the build writes the banner's markup, beside index.html: apps/server/src/platform/http/static-web.ts reads it by this name. */
export const PRERENDERED_BANNER_FILE = "consent-banner.html";

/** Renders the banner through a short-lived Vite server, which compiles the component and the shared code it imports. */
export async function prerenderConsentBanner(webRoot: string): Promise<string> {
  const server = await createServer({
    root: webRoot,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = await server.ssrLoadModule("/build/render-consent-banner.tsx");
    return (module.renderConsentBanner as () => string)();
  } finally {
    await server.close();
  }
}

/**
 * Writes the banner's markup beside index.html. The server puts it into the page of a visitor who has not chosen
 * (no valid consent cookie), so the banner, often the largest thing a first visit paints, shows with the page's
 * first paint instead of after the scripts have loaded and run.
 */
export function prerenderedConsentBanner(webRoot: string): Plugin {
  return {
    name: "velvet:prerendered-consent-banner",
    apply: "build",
    async generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: PRERENDERED_BANNER_FILE,
        source: await prerenderConsentBanner(webRoot),
      });
    },
  };
}

import { readFileSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** The site key the browser sends: the first of SITE_KEYS (from the environment, .env, or .env.example). */
export function resolveSiteKey(mode: string): string {
  const env = loadEnv(mode, repoRoot, "");
  const fromEnv = process.env.SITE_KEYS ?? env.SITE_KEYS;
  const fromExample = /^SITE_KEYS=(.*)$/m.exec(readFileSync(path.join(repoRoot, ".env.example"), "utf8"))?.[1];
  const first = (fromEnv ?? fromExample ?? "").split(",")[0]?.trim();
  if (!first) throw new Error("SITE_KEYS is empty: the web build needs a site key");
  return first;
}

/**
 * sonner (the toasts) injects its stylesheet with a <style> element at import, which our
 * Content-Security-Policy (style-src 'self') blocks. The build drops that call; the same
 * file ships as a CSS asset instead (imported by ui/SonnerToaster.tsx). Fails the build
 * loudly if a sonner upgrade changes the call, rather than shipping unstyled toasts.
 */
function sonnerStylesAsAsset(): Plugin {
  return {
    name: "velvet:sonner-styles-as-asset",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const withoutInjection = code.replace(/^__insertCSS\(".*"\);$/m, "");
      if (withoutInjection === code) this.error("sonner no longer injects its CSS as expected: revisit this plugin");
      return { code: withoutInjection, map: null };
    },
  };
}

export default defineConfig(({ mode }) => ({
  base: "/",
  plugins: [react(), tailwindcss(), sonnerStylesAsAsset()],
  define: {
    __SITE_KEY__: JSON.stringify(resolveSiteKey(mode)),
    __LOCAL_ENVIRONMENT__: JSON.stringify(mode === "development"),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/media": "http://localhost:3000",
      "/dev": "http://localhost:3000",
      "/app": { target: "ws://localhost:3000", ws: true },
    },
  },
}));

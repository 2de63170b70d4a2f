import { readFileSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { contractRouteTable } from "./build/contract-route-table";
import { prerenderedConsentBanner } from "./build/prerendered-consent-banner";

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
 * loudly if a sonner upgrade changes the call, rather than shipping unstyled toasts. Upstream:
 * https://github.com/emilkowalski/sonner/issues/449; src/ui/sonner-styles.test.ts fails once sonner stops injecting.
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

/**
 * The pages most first visits open. For each, the build writes the chunks its route loads (the page and
 * what it imports, beyond the entry) to dist/first-load-preloads.json; the server lists them as
 * <link rel="modulepreload"> in that page's HTML, so the browser fetches them with the entry instead of
 * one round trip after it (apps/server/src/platform/http/static-web.ts). The dashboard, where members land,
 * also takes the signed-in navbar and account strip, which its first paint shows.
 */
export const firstLoadPages: Record<string, string[]> = {
  "/": ["src/features/home/HomePage.tsx"],
  "/login": ["src/features/auth/LoginPage.tsx"],
  "/register": ["src/features/auth/RegisterPage.tsx"],
  "/dashboard": [
    "src/features/profiles/DashboardPage.tsx",
    "src/ui/navbar/MemberNavbar.tsx",
    "src/ui/navbar/AccountHeader.tsx",
  ],
};

function firstLoadPreloads(): Plugin {
  return {
    name: "velvet:first-load-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryFiles = new Set<string>();
      const collect = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
      };
      for (const chunk of chunks.filter((item) => item.isEntry)) collect(chunk.fileName, entryFiles);
      const preloads: Record<string, string[]> = {};
      for (const [pathname, sources] of Object.entries(firstLoadPages)) {
        const files = new Set<string>();
        for (const source of sources) {
          const chunk = chunks.find((item) => item.facadeModuleId === path.resolve(import.meta.dirname, source));
          if (!chunk) this.error(`first-load chunk ${source} is not a chunk of its own: is it still lazily imported?`);
          collect(chunk.fileName, files);
        }
        preloads[pathname] = [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: "asset", fileName: "first-load-preloads.json", source: JSON.stringify(preloads) });
    },
  };
}

/**
 * Whether this build checks the API's answers against the contract: development and any other non-production mode,
 * and the end-to-end tests' production build (VITE_CHECK_API_RESPONSES=1). One decision for both of its uses: the
 * client's check (`__CHECK_API_RESPONSES__`, src/lib/api-client.ts) and the contract's reduction to a route table
 * when nothing checks (build/contract-route-table.ts).
 */
function checksResponses(mode: string): boolean {
  const env = loadEnv(mode, import.meta.dirname, "VITE_");
  return mode !== "production" || (process.env.VITE_CHECK_API_RESPONSES ?? env.VITE_CHECK_API_RESPONSES) === "1";
}

/**
 * Production builds run on Preact's React-compatible runtime (preact/compat) instead of React DOM; development and the
 * unit tests keep React, with Fast Refresh and React's warnings. Why: the budget of under 150 KB of gzipped
 * JavaScript for the signed-in dashboard with its real-time client. React DOM alone was 64 KB of the dashboard's
 * 171; React, React DOM, React Router and TanStack Query together 102 KB before any code of ours, and pusher-js 18.
 * Preact's runtime is ~5 KB: the same dashboard loads ~112 KB (bench/README.md). Every library we use (React
 * Router, TanStack Query, react-hook-form, sonner, zustand, react-easy-crop) runs on it unchanged; our code uses no
 * React 19-only API. The end-to-end suite and the Lighthouse benchmark run this production build, so they test what
 * members get. The same switch next-plugin-preact made for Next.js: React in development, Preact in the browser.
 */
export const preactInProduction = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
];

export default defineConfig(({ mode }) => ({
  base: "/",
  resolve: { alias: mode === "production" ? preactInProduction : [] },
  plugins: [
    contractRouteTable(checksResponses(mode)),
    react(),
    tailwindcss(),
    sonnerStylesAsAsset(),
    firstLoadPreloads(),
    prerenderedConsentBanner(import.meta.dirname),
    // .br and .gz beside each asset, made once at build; the server sends them as they are (preCompressed).
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024, logLevel: "silent" }),
  ],
  define: {
    __SITE_KEY__: JSON.stringify(resolveSiteKey(mode)),
    __LOCAL_ENVIRONMENT__: JSON.stringify(mode === "development"),
    __CHECK_API_RESPONSES__: JSON.stringify(checksResponses(mode)),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    assetsInlineLimit: 0,
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router looks up React 19's useOptimistic by name and works without it, as on React 18; preact/compat
        // has none (preactInProduction). Only that lookup is quietened: any other undefined import still warns.
        const reactRoutersLookup =
          warning.code === "IMPORT_IS_UNDEFINED" &&
          warning.message.includes("`useOptimistic`") &&
          /[\\/]node_modules[\\/]react-router[\\/]/.test(warning.id ?? warning.loc?.file ?? "");
        if (!reactRoutersLookup) warn(warning);
      },
      output: {
        codeSplitting: {
          // Everything the entry loads statically goes into one chunk (rolldown's built-in `$initial` tag: the
          // entry and its static imports). Without it, rolldown splits each module that a lazy page also imports
          // (React, TanStack Query, the API client, …) into a chunk of its own although the entry always loads it
          // first: 14 extra requests before the first paint, which on HTTP/1.1's six connections cost round trips
          // (rolldown/rolldown#10731). Measured: 13 fewer requests and 4 KB less gzipped on every page.
          groups: [{ name: "app-shell", tags: ["$initial"] }],
          // The same problem one level down: a module two lazy pages share (a hook, a store, a badge) became a chunk
          // of its own, so the dashboard fetched 17 files besides the entry, most under 1 KB. Common chunks under
          // 16 KiB of source are copied into the chunks that read them instead; rolldown's runtime keeps one
          // instance of each module however many copies ship (https://rolldown.rs/in-depth/inline-common-chunks).
          // Measured (bench/README.md): the dashboard's first load from 20 files to 6, its simulated LCP
          // 2.63 → 2.15 s, for about 1.5 KB more gzipped per page (the runtime's module wrappers). Stylesheets stay
          // files, as the rolldown documentation asks of a Vite build.
          experimentalInlineCommonChunks: {
            maxSize: 16 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
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

import { readFileSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";

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

export default defineConfig(({ mode }) => ({
  base: "/",
  plugins: [react(), tailwindcss()],
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

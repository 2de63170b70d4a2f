// The gzipped size of bench/web/floor/entry.js built the way the web app is built (Vite, production,
// minified, on the same runtime: React's API served by preact/compat, apps/web/vite.config.ts): React Router and
// TanStack Query and nothing else. No first load of ours can be smaller; the report shows each page's first load
// against it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { preactInProduction } from "../../apps/web/vite.config.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bytes of gzipped JavaScript in the floor bundle. */
export async function libraryFloorGzipBytes() {
  const output = await build({
    configFile: false,
    logLevel: "silent",
    root: path.join(here, "floor"),
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    resolve: { alias: preactInProduction },
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: { input: path.join(here, "floor/entry.js") },
    },
  });
  const bundles = Array.isArray(output) ? output : [output];
  return bundles
    .flatMap((bundle) => bundle.output)
    .filter((file) => file.type === "chunk")
    .reduce((total, chunk) => total + gzipSync(chunk.code).length, 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${((await libraryFloorGzipBytes()) / 1024).toFixed(1)} KB\n`);
}

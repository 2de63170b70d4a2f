// Bundles the server (apps/server/src/main.ts) into apps/server/dist/main.js when the bundle is missing or older
// than its sources. `npm start`, the end-to-end tests and the benchmarks run the bundle with plain `node`:
// running the TypeScript through tsx's loader costs a second V8 isolate (~45 MB of memory per process) and
// start-up time, which the real-time memory budget (10,000 idle connections under 200 MB) cannot spare.
// esbuild only strips types; `npm run typecheck` is what checks them.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourceFingerprint } from "./source-fingerprint.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverDir = path.join(root, "apps/server");
export const serverBundle = path.join(serverDir, "dist/main.js");

/**
 * How `npm start` runs the server (apps/server/package.json says the same), for everything that starts one:
 * `node` with these arguments, in apps/server. `--max-semi-space-size=8` caps V8's young generation at 8 MB
 * per semi-space, part of the real-time memory budget (bench/README.md).
 */
export const serverCommand = { cwd: serverDir, args: ["--max-semi-space-size=8", "dist/main.js"] };
const stampFile = path.join(serverDir, "dist/.build-stamp");
const inputs = ["apps/server/src", "apps/server/package.json", "packages/shared/src", "package-lock.json"];

/** Builds the bundle unless it is current; answers whether it built. */
export async function ensureServerBuild() {
  const current = sourceFingerprint(root, inputs);
  if (existsSync(serverBundle) && existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === current) {
    return false;
  }
  // esbuild is a development dependency, loaded only to build: a machine that built and then dropped its
  // development dependencies (npm prune --omit=dev) still starts the current bundle through `npm start`.
  const { build } = await import("esbuild");
  const manifest = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8"));
  // The server's own dependencies stay in node_modules (native addons, lazily imported ones such as sharp and
  // PGlite); our workspace packages are TypeScript and are bundled.
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@velvet/"));
  const { outputFiles } = await build({
    entryPoints: [path.join(serverDir, "src/main.ts")],
    outfile: serverBundle,
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [...external, "pg-native"],
    // A map beside the bundle for reading stack traces (node --enable-source-maps), not loaded by default.
    sourcemap: "linked",
    logLevel: "warning",
  });
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  // Each file is written beside its final name and renamed into place: a process starting meanwhile never reads
  // half a file.
  for (const file of outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  writeFileSync(stampFile, current);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (await ensureServerBuild()) process.stdout.write("Built the server (sources changed or no build yet).\n");
}

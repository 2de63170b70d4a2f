// Builds the web app when its production build is missing or older than its sources.
// `npm start` and the end-to-end tests call this, so nobody serves a stale bundle.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourceFingerprint } from "./source-fingerprint.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "apps/web");
const stampFile = path.join(webDir, "dist/.build-stamp");
const inputs = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/build",
  "apps/web/package.json",
  "packages/shared/src",
  "package-lock.json",
  ".env.example",
  ".env",
];

// The site key is baked into the bundle, so a different key needs a new build; so is the contract check
// of the end-to-end tests' build (VITE_CHECK_API_RESPONSES=1), which a production start builds away again.
const fingerprint = sourceFingerprint(
  root,
  inputs,
  `SITE_KEYS=${process.env.SITE_KEYS ?? ""} VITE_CHECK_API_RESPONSES=${process.env.VITE_CHECK_API_RESPONSES ?? ""}`,
);
const current = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : "";
if (current === fingerprint && existsSync(path.join(webDir, "dist/index.html"))) {
  process.exit(0);
}
process.stdout.write("Building the web app (sources changed or no build yet)…\n");
const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: webDir, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, fingerprint);

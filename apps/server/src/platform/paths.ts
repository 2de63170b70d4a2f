import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's folder (apps/server), found from this module's own location by walking up to its
 * package.json. The server runs either from its sources (tsx, in tests and `npm run dev`) or from the
 * bundle `npm start` builds (dist/main.js); each sits at a different depth, and the files the server reads
 * at run time (migrations, the web build, .env) are found from here in both.
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "@velvet/server") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("the server's package.json (@velvet/server) was not found above its code");
    dir = parent;
  }
}

export const serverDir = findServerDir();

/** The repository root: relative paths in the environment (DATA_DIR) are relative to it, whatever the cwd. */
export const repoRoot = path.resolve(serverDir, "../..");

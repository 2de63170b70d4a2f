// The fingerprint both build checks (ensure-web-build.mjs, ensure-server-build.mjs) compare with their build's
// stamp: every file under the inputs (test files aside), by path and content, in a stable order.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

function collect(target, files) {
  if (!existsSync(target)) return;
  if (statSync(target).isDirectory()) {
    for (const entry of readdirSync(target).sort()) collect(path.join(target, entry), files);
  } else if (!/\.test\.tsx?$/.test(target)) {
    files.push(target);
  }
}

/** `inputs` are relative to `root`; `extra` is anything else the build depends on (it is hashed last). */
export function sourceFingerprint(root, inputs, extra = "") {
  const hash = createHash("sha256");
  const files = [];
  for (const input of inputs) collect(path.join(root, input), files);
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  hash.update(extra);
  return hash.digest("hex");
}

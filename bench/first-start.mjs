// Measures the first `npm start` on a fresh machine: no web build, an empty data
// dir. The budget is under a minute here, web build and seed included.
// As a same-run reference it also times a start on the now-populated data dir.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function timedStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "" },
    stdio: "ignore",
    detached: true,
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {}
    if (performance.now() - started > 180_000) throw new Error("server did not start in 3 minutes");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  process.kill(-child.pid, "SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  return seconds;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "velvet-first-start-"));
try {
  rmSync(path.join(root, "apps/web/dist"), { recursive: true, force: true });
  const first = await timedStart(dataDir);
  const warm = await timedStart(dataDir);
  const verdict = first < 60 ? "meets" : "MISSES";
  process.stdout.write(
    `first start (web build + migrations + seed): ${first.toFixed(1)} s, ${verdict} the 60 s budget\n` +
      `warm start (same data dir, build current):  ${warm.toFixed(1)} s\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// The two processes `npm run bench` measures: the real server and the baseline.
import { execFileSync, fork, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureServerBuild, serverCommand } from "../../scripts/ensure-server-build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const BENCH_SITE_KEY = "bench-site-key";

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server, started with `npm start`'s command and flags on the benchmark database, in
 * production mode (what a launch runs: responses are not re-checked against their schemas, see
 * zod-compilers.ts), with secrets of its own, logs at error level, no Redis (one process, so rate
 * limits and presence stay in memory), a rate limit no benchmark reaches, and an SMTP address
 * nothing listens on (no benchmark sends mail; the away-email digest may try and fail).
 */
export async function startVelvet(
  databaseUrl,
  {
    profileDir = process.env.BENCH_PROFILE_DIR,
    env = {},
    nodeArgs = [],
    // BENCH_SERVER_BUNDLE: another build of the server in apps/server/dist (say, an earlier commit's), for A/B runs.
    bundle = process.env.BENCH_SERVER_BUNDLE,
  } = {},
) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "velvet-bench-api-"));
  if (!bundle) await ensureServerBuild();
  const serverArgs = bundle
    ? serverCommand.args.map((arg) => (arg === "dist/main.js" ? bundle : arg))
    : serverCommand.args;
  // profileDir (or BENCH_PROFILE_DIR): the server writes a CPU profile there when it stops (profile-one.mjs reads one).
  const profiling = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  // nodeArgs: flags for node itself before the server's, such as a module to --import first (count-statements.mjs).
  const child = spawn(process.execPath, [...profiling, ...nodeArgs, ...serverArgs], {
    cwd: serverCommand.cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // What production demands (config.ts); the benchmark client talks plain HTTP to the port itself.
      APP_URL: `https://localhost:${port}`,
      ALLOWED_ORIGINS: `https://localhost:${port}`,
      TRUST_PROXY: "0",
      APP_SECRET: randomBytes(32).toString("hex"),
      PUSHER_SECRET: randomBytes(16).toString("hex"),
      SMTP_URL: "smtp://127.0.0.1:9",
      LOG_LEVEL: "error",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: "0",
      SITE_KEYS: BENCH_SITE_KEY,
      API_RATE_LIMIT: "1000000000",
      MESSAGE_RATE_LIMIT: "1000000000",
      // Every benchmark socket comes from 127.0.0.1, far past the per-address socket limits.
      REALTIME_MAX_CONNECTIONS_PER_IP: "1000000000",
      REALTIME_UPGRADES_PER_IP_PER_10S: "1000000000",
      REDIS_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    child.stdout.on("data", (chunk) => chunk.toString().includes("is running at") && resolve());
  });
  child.removeAllListeners("exit");
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline (baseline-server.mjs), given the statements it may replay, by name. */
export async function startBaseline(databaseUrl, statements, programs = {}, load = undefined) {
  const child = fork(path.join(here, "baseline-server.mjs"), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ready = new Promise((resolve) =>
    child.on("message", (message) => message.type === "ready" && resolve(message)),
  );
  child.send({ type: "start", statements, programs, load });
  const { port } = await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The statement {text, values} the app's search issues for the benchmark member and a query string. */
export function searchStatement(queryString, databaseUrl) {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(here, "search-statement.ts"), queryString, databaseUrl],
    { cwd: root, encoding: "utf8" },
  );
  return JSON.parse(output);
}

/** The statements the app issues for the conversation list and a history page (messaging-statements.ts). */
export function messagingStatements(databaseUrl) {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(here, "messaging-statements.ts"), databaseUrl],
    { cwd: root, encoding: "utf8" },
  );
  return JSON.parse(output);
}

/** The statements the app issues for POST /api/me, as groups of a program (me-statements.ts). */
export function meStatements(databaseUrl) {
  const output = execFileSync(process.execPath, ["--import", "tsx", path.join(here, "me-statements.ts"), databaseUrl], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(output);
}

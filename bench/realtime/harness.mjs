// The real-time benchmarks' shared parts (bench/realtime/run.mjs, bench/realtime/two-processes.mjs): the app
// started as `npm start` runs it on a fresh database, the client process, and the latency measurement.
import { fork, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import PusherServer from "pusher";
import { ensureServerBuild, serverCommand } from "../../scripts/ensure-server-build.mjs";

export const here = path.dirname(fileURLToPath(import.meta.url));
export const APP = { appId: "velvet", key: "velvet-key", secret: "development-pusher-secret" };

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
export const median = (values) => percentile(values, 50);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function freshDatabase() {
  const base = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `velvet_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export async function startVelvet(extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "velvet-bench-"));
  const database = await freshDatabase();
  await ensureServerBuild();
  const child = spawn(process.execPath, serverCommand.args, {
    cwd: serverCommand.cwd,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "error",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: "0",
      API_RATE_LIMIT: "1000000",
      // Every benchmark socket comes from 127.0.0.1, far past the per-address socket limits.
      REALTIME_MAX_CONNECTIONS_PER_IP: "1000000",
      REALTIME_UPGRADES_PER_IP_PER_10S: "1000000",
      REDIS_URL: "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve) =>
    child.stdout.on("data", (chunk) => chunk.toString().includes("is running at") && resolve()),
  );
  const publisher = new PusherServer({ ...APP, host: "127.0.0.1", port: String(port), useTLS: false });
  return {
    name: "Velvet embedded",
    pid: child.pid,
    port,
    url: `ws://127.0.0.1:${port}/app/${APP.key}?protocol=7&client=bench&version=8`,
    protocol: "pusher",
    publish: (channel, data) => publisher.trigger(channel, "message", data),
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function startClients() {
  const child = fork(path.join(here, "clients.mjs"), [], { stdio: "inherit" });
  const ask = (command, expected) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type === "error") reject(new Error(message.message));
        else if (message.type === expected) {
          child.off("message", onMessage);
          resolve(message);
        }
      };
      child.on("message", onMessage);
      child.send(command);
    });
  return {
    connect: (url, count, channel, protocol) => ask({ type: "connect", url, count, channel, protocol }, "connected"),
    record: () => ask({ type: "record" }, "recording"),
    report: () => ask({ type: "report" }, "report"),
    close: () => ask({ type: "close" }, "closed"),
    stop: () => child.kill("SIGKILL"),
  };
}

/** Publishes `count` messages on `channel` and returns, per message, the slowest recipient's latency in ms. */
export async function measure(server, clients, channel, count, gapMs, publishTo = server) {
  await clients.record();
  for (let id = 0; id < count; id++) {
    await publishTo.publish(channel, { id, sentAt: performance.timeOrigin + performance.now() });
    await sleep(gapMs);
  }
  await sleep(500);
  const { latencies } = await clients.report();
  return latencies.map(([, latency]) => latency);
}

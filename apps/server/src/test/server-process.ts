import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureServerBuild, serverCommand } from "../../../../scripts/ensure-server-build.mjs";
import { TEST_PASSWORD_HASH_VARIABLE } from "../platform/config";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs the server as its own process, exactly as `npm start` does (the bundle), and waits for its banner. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // A data dir of its own unless the caller names one (and then keeps it).
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), "velvet-process-"));
  const dataDir = env.DATA_DIR ?? ownDataDir ?? "";
  const port = env.PORT ? Number(env.PORT) : await freePort();
  await ensureServerBuild();
  // Without the suite's cheap password hashing: the server refuses it outside NODE_ENV=test, as in production.
  const { [TEST_PASSWORD_HASH_VARIABLE]: _testHashing, ...inherited } = process.env;
  const child = spawn(process.execPath, serverCommand.args, {
    cwd: serverCommand.cwd,
    env: {
      ...inherited,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      REDIS_URL: "",
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "0",
      // Prices, credits and the seasonal popup must not depend on the day the suite runs (see test/support.ts);
      // the end-to-end servers start here too.
      SEASONAL_PROMOTIONS: "0",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  if (ownDataDir) void exited.then(() => rm(ownDataDir, { recursive: true, force: true }));
  const started = Date.now();
  while (!output.includes("is running at")) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

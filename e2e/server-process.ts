import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createFreshPostgresDatabase } from "../apps/server/src/test/databases";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/server");

async function freePort(): Promise<number> {
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

export interface E2eServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs the real server (`src/main.ts`, as `npm start` does) with the production
 * web build, a fresh data dir and a fresh database, seeded with the demo data.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "velvet-e2e-"));
  const postgres = process.env.DATABASE_URL
    ? await createFreshPostgresDatabase(process.env.DATABASE_URL, "e2e")
    : undefined;
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? "",
      ...env,
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
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const started = Date.now();
  while (!output.includes("is running at")) {
    if (child.exitCode !== null) throw new Error(`e2e server exited:\n${output}`);
    if (Date.now() - started > 110_000) throw new Error(`e2e server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createFreshPostgresDatabase } from "./test/databases";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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

/** Starts `src/main.ts` exactly as `npm start` does, and waits for its banner. */
async function boot(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "warn", REDIS_URL: "", DATABASE_URL: "", ...env },
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
  const started = Date.now();
  while (!output.includes("is running at")) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() - started > 90_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, exited };
}

async function expectCleanShutdown(child: ChildProcess, exited: Promise<number | null>, port: number) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/velvet-key?protocol=7`);
  await new Promise((resolve) => socket.once("message", resolve));
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  child.kill("SIGTERM");
  expect(await closed).toBe(4200);
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
}

describe("npm start", () => {
  it("boots on an empty embedded data dir, migrates, seeds, serves, and ends cleanly on SIGTERM", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "velvet-boot-"));
    const port = await freePort();
    try {
      const { child, output, exited } = await boot({ DATA_DIR: dataDir, PORT: String(port) });
      expect(output()).toContain(`http://localhost:${port}`);
      expect(output()).toContain("Demo member: demo@velvethearts.example");
      const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
      expect(health).toMatchObject({ status: "ok", database: "ok", redis: "not_configured" });
      expect((await readdir(path.join(dataDir, "pglite"))).length).toBeGreaterThan(0);
      expect((await readdir(path.join(dataDir, "uploads/photos"))).length).toBeGreaterThanOrEqual(600);
      await expectCleanShutdown(child, exited, port);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("boots again on the same data dir without re-seeding or failing", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "velvet-reboot-"));
    try {
      for (let run = 0; run < 2; run++) {
        const port = await freePort();
        const { child, exited } = await boot({ DATA_DIR: dataDir, PORT: String(port) });
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
        child.kill("SIGTERM");
        expect(await exited).toBe(0);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it.runIf(process.env.DATABASE_URL)(
    "boots on PostgreSQL from DATABASE_URL and ends cleanly on SIGTERM",
    async () => {
      const fresh = await createFreshPostgresDatabase(process.env.DATABASE_URL as string, "boot");
      const dataDir = await mkdtemp(path.join(tmpdir(), "velvet-boot-pg-"));
      const port = await freePort();
      try {
        const { child, output, exited } = await boot({
          DATA_DIR: dataDir,
          PORT: String(port),
          DATABASE_URL: fresh.url,
        });
        expect(output()).toContain("PostgreSQL (DATABASE_URL)");
        const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
        expect(health).toMatchObject({ status: "ok", database: "ok" });
        await expectCleanShutdown(child, exited, port);
      } finally {
        await fresh.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it("refuses to start in production with development secrets", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: "postgres://127.0.0.1:1/none",
        SMTP_URL: "smtp://x",
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
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(/Refusing to start in production/);
  });
});

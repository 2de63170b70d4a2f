import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createFreshPostgresDatabase } from "./test/databases";
import { type ServerProcess, startServerProcess } from "./test/server-process";

async function expectCleanShutdown(server: ServerProcess) {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/app/velvet-key?protocol=7`);
  await new Promise((resolve) => socket.once("message", resolve));
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  const exit = server.stop("SIGTERM");
  expect(await closed).toBe(4200);
  expect(await exit).toBe(0);
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
}

describe("npm start", () => {
  // The embedded boots set DATABASE_URL and REDIS_URL empty (startServerProcess), so they are the same run in both
  // CI lanes: they run in the embedded one only. The first boot's seeded data dir is the second's, so the seeding
  // (600 photos) happens once for both.
  describe.skipIf(process.env.DATABASE_URL)("on the embedded database", () => {
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "velvet-boot-"));
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    it("boots on an empty embedded data dir, migrates, seeds, serves, and ends cleanly on SIGTERM", async () => {
      const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO_DATA: "1" });
      expect(server.output()).toContain(`http://localhost:${server.port}`);
      expect(server.output()).toContain("Demo member: demo@velvethearts.example");
      const health = await (await fetch(`${server.url}/api/health`)).json();
      expect(health).toMatchObject({ status: "ok", database: "ok", redis: "not_configured" });
      expect((await readdir(path.join(dataDir, "pglite"))).length).toBeGreaterThan(0);
      expect((await readdir(path.join(dataDir, "uploads/photos"))).length).toBeGreaterThanOrEqual(600);
      await expectCleanShutdown(server);
    }, 120_000);

    it("boots again on the same data dir without re-seeding or failing", async () => {
      const photosBefore = (await readdir(path.join(dataDir, "uploads/photos"))).length;
      expect(photosBefore).toBeGreaterThanOrEqual(600);
      const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO_DATA: "1" });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await server.stop("SIGTERM")).toBe(0);
      expect((await readdir(path.join(dataDir, "uploads/photos"))).length).toBe(photosBefore);
    }, 120_000);
  });

  it.runIf(process.env.DATABASE_URL)(
    "boots on PostgreSQL from DATABASE_URL and ends cleanly on SIGTERM",
    async () => {
      const fresh = await createFreshPostgresDatabase(process.env.DATABASE_URL as string, "boot");
      try {
        // Without the demo data: seeding is the same code on both databases, proven through a process by the
        // embedded boot above and on PostgreSQL by seed.test.ts; drawing its 600 photos again here cost CI ~20 s.
        const server = await startServerProcess({ DATABASE_URL: fresh.url, SEED_DEMO_DATA: "0" });
        expect(server.output()).toContain("PostgreSQL (DATABASE_URL)");
        const health = await (await fetch(`${server.url}/api/health`)).json();
        expect(health).toMatchObject({ status: "ok", database: "ok" });
        await expectCleanShutdown(server);
      } finally {
        await fresh.drop();
      }
    },
    120_000,
  );

  it("refuses to start on a public APP_URL without NODE_ENV, and says to set NODE_ENV", async () => {
    const failure = await startServerProcess({ NODE_ENV: "", APP_URL: "https://velvet.example" }).catch(
      (error: unknown) => error,
    );
    expect(String(failure)).toMatch(/server exited early/);
    expect(String(failure)).toMatch(
      /APP_URL \(https:\/\/velvet\.example\) is a public address but NODE_ENV is not set/,
    );
    expect(String(failure)).toContain("Set NODE_ENV=production");
    expect(String(failure)).not.toContain("NODE_ENV=development");
  });

  it("refuses to start in production with development secrets", async () => {
    const failure = await startServerProcess({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://127.0.0.1:1/none",
      SMTP_URL: "smtp://x",
    }).catch((error: unknown) => error);
    expect(String(failure)).toMatch(/Refusing to start in production/);
  });
});

import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { apiHeaders } from "@velvet/shared/api/headers";
import { type AppConfig, loadConfig } from "../platform/config";
import { type Database, openDatabase } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { createLogger } from "../platform/logging/logger";
import { type RunningServer, type StartOptions, startServer } from "../server";
import { createFreshPostgresDatabase } from "./databases";
import { lendMigratedEmbeddedDatabase } from "./embedded-pool";

export const TEST_SITE_KEY = "test-site-key";

/** This worker's share of the run's logs, scanned for secrets when the run ends (log-secrets.global.ts). */
function appendToRunLog(chunk: string) {
  const directory = process.env.VELVET_TEST_LOG_DIR;
  // Written synchronously: a worker may exit right after its last test, before a stream would flush.
  if (directory) appendFileSync(path.join(directory, `worker-${process.pid}.log`), chunk);
}

/**
 * A migrated database of the run's kind, for tests below the HTTP layer: a fresh PostgreSQL database copied from
 * the run's template (DATABASE_URL), or an in-memory PGlite loaded from the run's migrated dump, so neither runs
 * the migrations again. `close` also drops the PostgreSQL copy.
 */
export async function openTestDatabase(label = "test"): Promise<{ database: Database; close(): Promise<void> }> {
  const postgres = process.env.DATABASE_URL
    ? await createFreshPostgresDatabase(process.env.DATABASE_URL, label)
    : undefined;
  const lent = postgres ? undefined : await lendMigratedEmbeddedDatabase();
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir: null, embeddedStart: lent });
  // Outside the server project (no global setup), nothing was migrated beforehand.
  if (!postgres && !lent) await runMigrations(database);
  return {
    database,
    close: async () => {
      await database.close();
      await postgres?.drop();
    },
  };
}

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, for checks that secrets never reach the logs. */
  logs: string[];
  /** fetch against the server with the site key set (unless `siteKey: null`). */
  request(pathname: string, init?: RequestInit & { siteKey?: string | null }): Promise<Response>;
  stop(): Promise<void>;
  /**
   * Stops this server (as a deploy would) and starts a new one on the same database, data directory and
   * configuration. Needs `durable: true` on the embedded database, which otherwise lives in memory.
   */
  restart(): Promise<TestServer>;
}

/**
 * Starts the real server on a random port with an isolated database: in-memory
 * PGlite by default, or a fresh database on the PostgreSQL server of DATABASE_URL.
 * Redis is used when REDIS_URL is set, as in production.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Pick<StartOptions, "beforeListen" | "seed"> & {
    /** Adjusts the loaded configuration, e.g. production rules on the embedded test database. */
    adjustConfig?: (config: AppConfig) => AppConfig;
    /** Keeps the embedded database on disk under DATA_DIR, so `restart()` finds it again. */
    durable?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "velvet-test-"));
  const postgres = process.env.DATABASE_URL ? await createFreshPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const loaded = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
    SITE_KEYS: `${TEST_SITE_KEY},second-test-key`,
    // The real calendar would change prices and credits on its event days (on Black Friday 2026, 21 server tests
    // and 5 browser tests failed): a test that needs a promotion creates it, and the calendar's own tests plant it
    // with a fixed date.
    SEASONAL_PROMOTIONS: "0",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `velvet-test:${path.basename(dataDir)}:` }
      : {}),
    ...env,
  });
  const config = options.adjustConfig ? options.adjustConfig(loaded) : loaded;
  const cleanUp = async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return launchTestServer(config, options, cleanUp);
}

async function launchTestServer(
  config: AppConfig,
  options: Pick<StartOptions, "beforeListen" | "seed"> & { durable?: boolean },
  cleanUp: () => Promise<void>,
): Promise<TestServer> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      const line = chunk.toString();
      logs.push(line);
      appendToRunLog(line);
      callback();
    },
  });
  const inMemory = !options.durable && !config.databaseUrl;
  const server = await startServer(config, {
    logger: createLogger(config.logLevel, sink),
    embeddedDataDir: options.durable ? undefined : null,
    embeddedStart: inMemory ? await lendMigratedEmbeddedDatabase() : undefined,
    seed: options.seed ?? false,
    beforeListen: options.beforeListen,
  });
  let stopped = false;
  return {
    ...server,
    logs,
    request: (pathname, init = {}) => {
      const { siteKey = TEST_SITE_KEY, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (siteKey !== null && !headers.has(apiHeaders.siteKey)) headers.set(apiHeaders.siteKey, siteKey);
      return fetch(`${server.url}${pathname}`, { ...rest, headers });
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close({ realtimeStaggerMs: 0 });
      await cleanUp();
    },
    restart: async () => {
      if (stopped) throw new Error("this test server was stopped");
      stopped = true;
      await server.close({ realtimeStaggerMs: 0 });
      return launchTestServer(config, { ...options, seed: false }, cleanUp);
    },
  };
}

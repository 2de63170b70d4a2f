import { randomBytes } from "node:crypto";
import { TEST_LOCAL_PUSH_SERVICE_VARIABLE } from "../apps/server/src/platform/config";
import { createFreshPostgresDatabase } from "../apps/server/src/test/databases";
import { startServerProcess } from "../apps/server/src/test/server-process";

export interface E2eServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Runs the real server (`src/main.ts`, as `npm start` does) with the production
 * web build, a fresh data dir and a fresh database, seeded with the demo data.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const postgres = process.env.DATABASE_URL
    ? await createFreshPostgresDatabase(process.env.DATABASE_URL, "e2e")
    : undefined;
  const server = await startServerProcess({
    SEED_DEMO_DATA: "1",
    DATABASE_URL: postgres?.url ?? "",
    REDIS_URL: process.env.REDIS_URL ?? "",
    // Counters (sign-in, registration limits) must not leak between runs sharing one Redis.
    REDIS_KEY_PREFIX: `velvet-e2e-${randomBytes(4).toString("hex")}:`,
    // Every browser test shares this server and the one address 127.0.0.1, so together they would pass the
    // per-address API limit (600 a minute) and get 429s. The limit has its own server tests.
    API_RATE_LIMIT: "100000",
    // Likewise the browser tests register far more than 20 members an hour from that one address (the limit has
    // its own server tests).
    REGISTER_RATE_LIMIT: "100000",
    // And every page load opens a real-time socket from it, past the per-address socket limits (50 open, 30 new
    // in 10 s; connection-limits.test.ts has theirs).
    REALTIME_MAX_CONNECTIONS_PER_IP: "100000",
    REALTIME_UPGRADES_PER_IP_PER_10S: "100000",
    // push.test.ts subscribes the browser at a fake push service on 127.0.0.1, which only this lets the server reach.
    [TEST_LOCAL_PUSH_SERVICE_VARIABLE]: "1",
    ...env,
  });
  return {
    url: `http://localhost:${server.port}`,
    stop: async () => {
      await server.stop("SIGTERM");
      await postgres?.drop();
    },
  };
}

import { randomUUID } from "node:crypto";
import { apiHeaders } from "@velvet/shared/api/headers";
import type Pusher from "pusher-js";
import { loadConfig } from "../platform/config";
import { type Database, openDatabase } from "../platform/db/client";
import { createFreshPostgresDatabase } from "./databases";
import { memberPusherClient, portOf } from "./realtime-clients";
import { type ServerProcess, startServerProcess } from "./server-process";

export interface TwoProcesses {
  processA: ServerProcess;
  processB: ServerProcess;
  /** The test's own connection to the site's database. */
  db: Database;
  stop(): Promise<void>;
}

/**
 * Two server processes behind one site, as production runs several: a fresh database on DATABASE_URL's
 * PostgreSQL, joined by the Redis of REDIS_URL under a prefix of their own.
 */
export async function startTwoProcesses(options: {
  label: string;
  siteKey: string;
  appUrl: string;
}): Promise<TwoProcesses> {
  const database = await createFreshPostgresDatabase(process.env.DATABASE_URL ?? "", options.label);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? "",
    REDIS_KEY_PREFIX: `velvet-${options.label}-${randomUUID().slice(0, 8)}:`,
    SITE_KEYS: options.siteKey,
    API_RATE_LIMIT: "10000",
    APP_URL: options.appUrl,
  };
  const [processA, processB] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  return {
    processA,
    processB,
    db,
    async stop() {
      await Promise.all([processA.stop(), processB.stop()]);
      await db.close();
      await database.drop();
    },
  };
}

/**
 * pusher-js as the web app runs it, for a member of a site of server processes: its channels authorised through
 * `authVia` with the member's token, its socket held by `holder` (the same process unless another is named).
 */
export function memberPusherClientOn(
  authVia: ServerProcess,
  token: string,
  siteKey: string,
  holder: ServerProcess = authVia,
): Pusher {
  const server = {
    context: { config: loadConfig({ NODE_ENV: "test" }) },
    url: authVia.url,
    request: (path: string, init: RequestInit = {}) =>
      fetch(`${authVia.url}${path}`, {
        ...init,
        headers: { ...Object.fromEntries(new Headers(init.headers)), [apiHeaders.siteKey]: siteKey },
      }),
  };
  return memberPusherClient(
    server as unknown as Parameters<typeof memberPusherClient>[0],
    { Authorization: `Bearer ${token}` },
    portOf(holder.url),
  );
}

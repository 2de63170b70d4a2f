import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Runs `work` on one connection holding a session-wide advisory lock (used around migrations). */
  withExclusiveConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const directory = path.join(dataDir, "pglite");
    mkdirSync(directory, { recursive: true });
    client = await PGlite.create(directory);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    // PGlite is single-connection and single-process, so nothing else can race us.
    withExclusiveConnection: (work) => work(db),
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    withExclusiveConnection: async (work) => {
      const connection = await pool.connect();
      try {
        // Several processes may start at once behind a load balancer; only one migrates at a time.
        await connection.query("select pg_advisory_lock(727274)");
        return await work(drizzleNodePostgres(connection, { schema }) as unknown as Db);
      } finally {
        await connection.query("select pg_advisory_unlock(727274)").catch(() => {});
        connection.release();
      }
    },
    ping: async () => {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

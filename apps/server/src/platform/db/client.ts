import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { createPglite } from "./create-pglite";
import * as adminTables from "./schema/admin";
import * as authTables from "./schema/auth";
import * as contentTables from "./schema/content";
import * as conversationsTables from "./schema/conversations";
import * as creditsTables from "./schema/credits";
import * as interactionsTables from "./schema/interactions";
import * as jobsTables from "./schema/jobs";
import * as limitsTables from "./schema/limits";
import * as membersTables from "./schema/members";
import * as notificationsTables from "./schema/notifications";
import * as operatorTables from "./schema/operator";
import * as paymentsTables from "./schema/payments";
import * as profilesTables from "./schema/profiles";
import * as promotionsTables from "./schema/promotions";
import * as pushTables from "./schema/push";
import * as realtimeTables from "./schema/realtime";
import * as reportsTables from "./schema/reports";
import * as supportTables from "./schema/support";
import * as trackingTables from "./schema/tracking";
import * as triggersTables from "./schema/triggers";
import { TextNamingClient, UnnamedStatementClient } from "./statement-names";

/** Every table, by domain (schema/<domain>.ts), for drizzle's relational queries and typed `Db`. */
export const schema = {
  ...adminTables,
  ...authTables,
  ...contentTables,
  ...conversationsTables,
  ...creditsTables,
  ...interactionsTables,
  ...jobsTables,
  ...limitsTables,
  ...membersTables,
  ...notificationsTables,
  ...operatorTables,
  ...paymentsTables,
  ...profilesTables,
  ...promotionsTables,
  ...pushTables,
  ...realtimeTables,
  ...reportsTables,
  ...supportTables,
  ...trackingTables,
  ...triggersTables,
};

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Runs `work` on one connection holding a session-wide advisory lock (used around migrations). */
  withExclusiveConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Rows of a hot read whose text never changes. On PostgreSQL it runs as a
   * named prepared statement, planned once per connection and then from its
   * cached plan: for the conversation list and history, planning took longer
   * than running. Not for use inside a transaction (it runs on the pool).
   */
  queryPrepared<T>(statement: PreparedStatement): Promise<T[]>;
}

export interface PreparedStatement {
  /** Unique per text: PostgreSQL keeps one plan per name and connection. */
  name: string;
  text: string;
  values: unknown[];
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /**
   * Where an in-memory embedded database starts (tests only): PGlite's dump of a migrated database
   * (test/databases.global.ts migrates one per run), or a migrated database lent for this one's life.
   */
  embeddedStart?: EmbeddedStart | undefined;
  /** PostgreSQL itself, when databaseUrl is a transaction pooler (PgBouncer): session-level work runs here. */
  directUrl?: string | undefined;
  /** False behind a pooler that cannot keep named prepared statements: every statement is sent unnamed. */
  preparedStatements?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, {
      directUrl: options.directUrl,
      preparedStatements: options.preparedStatements ?? true,
    });
  }
  return openPglite(options.dataDir, options.embeddedStart);
}

/**
 * A migrated in-memory PGlite lent to one database for its life and handed back, not closed, when that closes:
 * the test suite reuses one instance across test files instead of loading a dump for each (test/embedded-pool.ts).
 */
export interface LentEmbeddedDatabase {
  client: PGlite;
  giveBack(): Promise<void>;
}

export type EmbeddedStart = Blob | LentEmbeddedDatabase;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite files must only ever be opened by one process: a second one (say
 * `npm run seed` while `npm start` runs) would corrupt them. A pid file guards it.
 */
function lockEmbeddedDatabase(directory: string): () => void {
  // Beside the directory, not in it: PGlite refuses to initialise a non-empty directory.
  const lockFile = `${directory}.pid`;
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  } catch {
    const holder = Number(readFileSync(lockFile, "utf8"));
    if (holder !== process.pid && processIsAlive(holder)) {
      throw new Error(
        `The embedded database in ${directory} is in use by process ${holder}. Stop it first, or use DATABASE_URL.`,
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(dataDir: string | null, start: EmbeddedStart | undefined): Promise<Database> {
  // Loaded only when used: the embedded engine costs ~35 MB of memory just by being imported.
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  let client: PGlite;
  let unlock = () => {};
  let close = async () => {
    if (!client.closed) await client.close();
    unlock();
  };
  if (start && !(start instanceof Blob)) {
    client = start.client;
    close = () => start.giveBack();
  } else if (dataDir) {
    const directory = path.join(dataDir, "pglite");
    mkdirSync(directory, { recursive: true });
    unlock = lockEmbeddedDatabase(directory);
    client = await createPglite({ dataDir: directory });
  } else {
    client = await createPglite(start ? { loadDataDir: start } : {});
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
    close: () => close(),
    queryPrepared: async <T>(statement: PreparedStatement) =>
      (await client.query<T>(statement.text, statement.values)).rows,
  };
}

async function openPostgres(
  databaseUrl: string,
  options: { directUrl: string | undefined; preparedStatements: boolean },
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    idleTimeoutMillis: 30_000,
    Client: options.preparedStatements ? TextNamingClient : UnnamedStatementClient,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  // Nor may a checked-out one: pg-pool drops its listener while a client is lent out, so a connection
  // terminated between two statements of a transaction would otherwise be an uncaught 'error' event.
  // The statement in flight fails on its own, and the pool discards the broken client when it comes back.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
  db.transaction = transactionsThatReturnTheirConnection(pool);
  return {
    db,
    driver: "postgres",
    withExclusiveConnection: async (work) => {
      if (options.directUrl) return withDirectConnection(options.directUrl, work);
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
    queryPrepared: async <T>(statement: PreparedStatement) =>
      (await pool.query<T & pg.QueryResultRow>(statement)).rows as T[],
  };
}

/**
 * The migrations' lock on PostgreSQL itself: a session advisory lock taken through a transaction pooler would be
 * held by whichever server connection ran it, and released (or not) by another.
 */
async function withDirectConnection<T>(directUrl: string, work: (db: Db) => Promise<T>): Promise<T> {
  const connection = new pg.Client({ connectionString: directUrl });
  connection.on("error", () => {});
  await connection.connect();
  try {
    await connection.query("select pg_advisory_lock(727274)");
    return await work(drizzleNodePostgres(connection, { schema }) as unknown as Db);
  } finally {
    await connection.query("select pg_advisory_unlock(727274)").catch(() => {});
    await connection.end().catch(() => {});
  }
}

/**
 * drizzle's own pool transaction (0.45) never returns its connection to the
 * pool when `begin` fails, as it does on a connection the database closed a
 * moment before (a restart), and it hands a connection whose rollback failed
 * back as healthy. After a PostgreSQL restart those leaks starved the pool and
 * left shutdown waiting forever for connections nobody would release. Here
 * each transaction borrows its connection itself and gives it back destroyed
 * unless the transaction ended cleanly: committed, or rolled back after the
 * work's own error. Upstream: https://github.com/drizzle-team/drizzle-orm/issues/6114
 * (and #6241); drizzle-pool-transaction.test.ts fails once drizzle fixes it.
 */
function transactionsThatReturnTheirConnection(pool: pg.Pool): Db["transaction"] {
  // One drizzle instance per physical connection: building one reads the whole schema.
  const onConnection = new WeakMap<pg.PoolClient, Db>();
  return async (work, config) => {
    const connection = await pool.connect();
    let connectionDb = onConnection.get(connection);
    if (!connectionDb) {
      connectionDb = drizzleNodePostgres(connection, { schema }) as unknown as Db;
      onConnection.set(connection, connectionDb);
    }
    const noError = Symbol("no error");
    let workError: unknown = noError;
    let reusable = false;
    try {
      const result = await connectionDb.transaction(async (tx) => {
        try {
          return await work(tx);
        } catch (error) {
          workError = error;
          throw error;
        }
      }, config);
      reusable = true;
      return result;
    } catch (error) {
      reusable = error === workError;
      throw error;
    } finally {
      connection.release(reusable ? undefined : true);
    }
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

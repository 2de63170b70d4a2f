import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../platform/db/client";
import { createPglite } from "../platform/db/create-pglite";
import { migrationsFolder, runMigrations } from "../platform/db/migrate";
import { createFreshPostgresDatabase, EMBEDDED_SNAPSHOT_VARIABLE, TEMPLATE_DATABASE_VARIABLE } from "./databases";

/**
 * Vitest global setup of the server project: the migrations run once per run instead of once per test server.
 * On PostgreSQL (DATABASE_URL) a migrated template database, which each test file's fresh database copies
 * (CREATE DATABASE … TEMPLATE); on the embedded database a dump of a migrated PGlite, which each in-memory test
 * server loads. Both are migrated as the server migrates (runMigrations, or its embedded branch), and the server
 * still runs its migrations at start: it finds nothing left to do.
 */
export async function setup() {
  // Both server projects (server, server-isolated) name this setup: the first one's migrated database serves the run.
  if (process.env[TEMPLATE_DATABASE_VARIABLE] || process.env[EMBEDDED_SNAPSHOT_VARIABLE]) return;
  // Workers are started after global setup, so they inherit these variables.
  if (process.env.DATABASE_URL) {
    const template = await createFreshPostgresDatabase(process.env.DATABASE_URL, "template");
    const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
    try {
      await runMigrations(database);
    } finally {
      // No connection may stay open on a template while databases are copied from it.
      await database.close();
    }
    process.env[TEMPLATE_DATABASE_VARIABLE] = decodeURIComponent(new URL(template.url).pathname.slice(1));
    return async () => {
      delete process.env[TEMPLATE_DATABASE_VARIABLE];
      await template.drop();
    };
  }
  const [{ drizzle }, { migrate }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  // runMigrations on a Database has no dump; this is its embedded branch, on a PGlite that can dump itself.
  const client = await createPglite();
  await migrate(drizzle(client), { migrationsFolder });
  const snapshot = await client.dumpDataDir("none");
  await client.close();
  const directory = await mkdtemp(path.join(tmpdir(), "velvet-test-snapshot-"));
  const file = path.join(directory, "migrated.tar");
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  process.env[EMBEDDED_SNAPSHOT_VARIABLE] = file;
  return async () => {
    delete process.env[EMBEDDED_SNAPSHOT_VARIABLE];
    await rm(directory, { recursive: true, force: true });
  };
}

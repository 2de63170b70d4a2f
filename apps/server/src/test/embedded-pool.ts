import { readFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import type { LentEmbeddedDatabase } from "../platform/db/client";
import { createPglite } from "../platform/db/create-pglite";
import { EMBEDDED_SNAPSHOT_VARIABLE } from "./databases";

/**
 * Migrated in-memory databases for the embedded test servers of one worker. Loading the run's migrated dump
 * (databases.global.ts) costs a second or two per server; emptying a used database costs a few milliseconds. So a
 * server's database is handed back here when it closes, emptied to the migrated state, and lent to the next server,
 * as long as it still matches that state in everything but its rows; one that does not is closed instead.
 */
const idle: PGlite[] = [];
let snapshot: Promise<Blob> | undefined;
let migratedShape: Promise<string> | undefined;

/** The run's migrated dump, read once per worker; undefined outside the server projects (no global setup). */
function migratedEmbeddedSnapshot(): Promise<Blob> | undefined {
  const file = process.env[EMBEDDED_SNAPSHOT_VARIABLE];
  if (!file) return undefined;
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/** How many emptied databases wait to be lent again (tests of this pool). */
export function idleEmbeddedDatabases(): number {
  return idle.length;
}

/** A migrated in-memory database for one server, from the pool or loaded from the dump. */
export async function lendMigratedEmbeddedDatabase(): Promise<LentEmbeddedDatabase | undefined> {
  const dump = migratedEmbeddedSnapshot();
  if (!dump) return undefined;
  const client = idle.pop() ?? (await loadFromDump(await dump));
  let givenBack = false;
  return {
    client,
    giveBack: async () => {
      if (givenBack) return;
      givenBack = true;
      if (await emptiedToMigratedState(client)) idle.push(client);
      else if (!client.closed) await client.close();
    },
  };
}

async function loadFromDump(dump: Blob): Promise<PGlite> {
  const client = await createPglite({ loadDataDir: dump });
  // The first one loaded records what "migrated" looks like, before any server has touched it.
  migratedShape ??= shapeOf(client);
  await migratedShape;
  return client;
}

/**
 * Everything of the application's schemas (public, drizzle's journal) a test could change besides rows and that a
 * server would notice: tables, columns, types, defaults, indexes, constraints, functions, sequences' definitions
 * and the migrations journal; and the session's settings. Temporary tables live elsewhere and are dropped.
 */
async function shapeOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(`
    select md5(concat_ws('|',
      (select string_agg(concat_ws(',', table_schema, table_name, column_name, data_type, column_default,
         is_nullable, is_identity, is_generated), ';' order by table_schema, table_name, column_name)
         from information_schema.columns where table_schema in ('public', 'drizzle')),
      (select string_agg(indexdef, ';' order by indexdef) from pg_indexes where schemaname in ('public', 'drizzle')),
      (select string_agg(conname || pg_get_constraintdef(oid), ';' order by conname, pg_get_constraintdef(oid))
         from pg_constraint where connamespace::regnamespace::text in ('public', 'drizzle')),
      (select string_agg(p.oid::regprocedure::text || md5(p.prosrc), ';' order by p.oid::regprocedure::text)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'drizzle')),
      (select string_agg(concat_ws(',', schemaname, sequencename, start_value, increment_by), ';'
         order by schemaname, sequencename) from pg_sequences where schemaname in ('public', 'drizzle')),
      (select string_agg(hash, ';' order by id) from drizzle.__drizzle_migrations),
      (select string_agg(name || '=' || setting, ';' order by name) from pg_settings where source <> 'default')
    )) as shape`);
  return rows[0]?.shape ?? "";
}

/**
 * Back to the migrated state: the session's leftovers dropped (advisory locks, LISTENs, temporary tables, prepared
 * statements, cursors) and every application table emptied with its identity counters restarted. False when that
 * cannot be trusted: the database closed, or its shape (settings included) differs from the migrated one.
 * Not DISCARD ALL: its RESET ALL gives PGlite a search_path of pg_catalog alone, where PGlite starts with public.
 */
async function emptiedToMigratedState(client: PGlite): Promise<boolean> {
  if (client.closed || !migratedShape) return false;
  try {
    // A transaction left open by a failed test would otherwise swallow everything below.
    if (client.isInTransaction()) await client.exec("rollback");
    await client.exec(
      "close all; unlisten *; select pg_advisory_unlock_all(); discard temp; discard sequences; deallocate all",
    );
    if ((await shapeOf(client)) !== (await migratedShape)) return false;
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    );
    if (rows.length > 0) {
      await client.exec(`truncate ${rows.map((row) => row.name).join(", ")} restart identity cascade`);
    }
    return true;
  } catch {
    return false;
  }
}

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshPostgresDatabase } from "../../test/databases";
import { type Database, openDatabase, queryRows } from "./client";
import { runMigrations } from "./migrate";

async function schemaSnapshot(database: Database) {
  const columns = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
  );
  const indexes = await queryRows(
    database.db,
    sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );
  const applied = await queryRows(database.db, sql`select hash from drizzle.__drizzle_migrations order by id`);
  return { columns, indexes, applied };
}

describe("migrations", () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      const fresh = await createFreshPostgresDatabase(process.env.DATABASE_URL, "migrate");
      drop = fresh.drop;
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
    } else {
      database = await openDatabase({ dataDir: null });
    }
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it("creates the schema on an empty database", async () => {
    await runMigrations(database);
    const snapshot = await schemaSnapshot(database);
    const tables = new Set(snapshot.columns.map((row) => row.table_name));
    expect(tables).toContain("users");
    expect(tables).toContain("photos");
    expect(snapshot.applied.length).toBeGreaterThan(0);
  });

  it("changes nothing when applied again to a migrated database", async () => {
    const before = await schemaSnapshot(database);
    await runMigrations(database);
    await runMigrations(database);
    expect(await schemaSnapshot(database)).toEqual(before);
  });
});

describe("the embedded database on disk", () => {
  it("refuses a second process while one holds it, and releases it on close", async () => {
    const { access, mkdtemp, rm, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dataDir = await mkdtemp(path.join(tmpdir(), "velvet-lock-"));
    try {
      const first = await openDatabase({ dataDir });
      // Another live process (our parent) claims the files.
      await writeFile(path.join(dataDir, "pglite.pid"), String(process.ppid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
      await writeFile(path.join(dataDir, "pglite.pid"), String(process.pid));
      await first.close();
      // Closing releases the claim, so the next `npm start` or `npm run seed` may open it.
      await expect(access(path.join(dataDir, "pglite.pid"))).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshPostgresDatabase } from "../../test/databases";
import { type Database, openDatabase, queryRows } from "./client";

/**
 * Transactions on PostgreSQL must give their connection back however they end:
 * a failed `begin` once leaked it (drizzle's pool transaction), so after a
 * database restart the pool ran dry and shutdown waited forever. Always on
 * PostgreSQL (the embedded database has one connection and no pool).
 */
describe("transactions on the PostgreSQL pool", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase(
      process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
      "transactions",
    );
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
  });
  afterAll(async () => {
    await drop?.();
  });

  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
    ]);

  it("returns the connection when begin fails, so the pool (10 connections) never runs dry", async () => {
    for (let attempt = 0; attempt < 15; attempt += 1) {
      // An isolation level PostgreSQL does not know makes `begin` itself fail.
      const failing = database.db.transaction(async () => "never", {
        isolationLevel: "not a level" as "serializable",
      });
      await expect(failing).rejects.toThrow();
    }
    const rows = await within(queryRows<{ one: number }>(database.db, sql`select 1 as one`), 5_000);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it("discards a connection that died inside the transaction and keeps serving on fresh ones", async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const dying = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      });
      await expect(dying).rejects.toThrow();
    }
    const committed = await within(
      database.db.transaction(async (tx) => queryRows<{ two: number }>(tx, sql`select 2 as two`)),
      5_000,
    );
    expect(committed).toEqual([{ two: 2 }]);
  });

  it("keeps a healthy connection after the work's own error rolls back, and commits the next", async () => {
    await database.db.execute(sql`create table if not exists tx_probe (value integer)`);
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1)`);
      throw new Error("business rule refused it");
    });
    await expect(failing).rejects.toThrow("business rule refused it");
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (2)`);
    });
    const rows = await queryRows<{ value: number }>(database.db, sql`select value from tx_probe order by value`);
    expect(rows).toEqual([{ value: 2 }]);
  });

  it("closes without waiting on any connection", async () => {
    await within(database.close(), 5_000);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshPostgresDatabase } from "../../test/databases";
import { type Database, type Db, openDatabase, queryRows } from "./client";
import { runMigrations } from "./migrate";
import { realtimeOutbox } from "./schema/realtime";
import { NAMED_BY_TEXT, queryRowsPrepared } from "./statement-names";

/**
 * Hot writes ask for a statement named after its text (planning the send's statements cost PostgreSQL
 * more than running them). Always on PostgreSQL: the embedded database has no named statements.
 */
describe("statements named after their text", () => {
  const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  let direct: Database;
  let pooled: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase(baseUrl, "statement_names");
    drop = fresh.drop;
    direct = await openDatabase({ databaseUrl: fresh.url, dataDir: null });
    // What a transaction pooler gets (DATABASE_PREPARED_STATEMENTS=0): the same calls, every statement unnamed.
    pooled = await openDatabase({ databaseUrl: fresh.url, dataDir: null, preparedStatements: false });
    // The run's template is migrated already when there is one; otherwise this migrates the fresh database.
    await runMigrations(direct);
  });
  afterAll(async () => {
    await direct?.close();
    await pooled?.close();
    await drop?.();
  });

  const preparedOnThisConnection = (tx: Db) =>
    queryRows<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements`);

  it("parses a statement once per connection, inside a transaction, and answers each call with its own values", async () => {
    const { sums, prepared } = await direct.db.transaction(async (tx) => {
      const sums: number[] = [];
      for (const value of [1, 41]) {
        const [row] = await queryRowsPrepared<{ sum: number }>(tx, sql`select ${value}::int + 1 as sum`);
        sums.push(row?.sum ?? -1);
      }
      return { sums, prepared: await preparedOnThisConnection(tx) };
    });
    expect(sums).toEqual([2, 42]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.name).toMatch(/^t_[0-9a-f]{32}$/);
    expect(prepared[0]?.statement).toBe("select $1::int + 1 as sum");
  });

  it("names a query builder's statement the same way, one per text", async () => {
    const prepared = await direct.db.transaction(async (tx) => {
      const event = { channel: "private-test", event: "test", payload: { n: 1 } };
      await tx.insert(realtimeOutbox).values([event]).prepare(NAMED_BY_TEXT).execute();
      await tx.insert(realtimeOutbox).values([event]).prepare(NAMED_BY_TEXT).execute();
      await tx.insert(realtimeOutbox).values([event, event]).prepare(NAMED_BY_TEXT).execute();
      return preparedOnThisConnection(tx);
    });
    const inserts = prepared.filter((row) => row.statement.startsWith('insert into "realtime_outbox"'));
    // One row and two rows are two texts: two statements, each parsed once.
    expect(inserts).toHaveLength(2);
    const [{ count }] = (await queryRows<{ count: string }>(
      direct.db,
      sql`select count(*) as count from realtime_outbox`,
    )) as [{ count: string }];
    expect(Number(count)).toBe(4);
  });

  it("sends everything unnamed where prepared statements are off (a transaction pooler)", async () => {
    const { row, prepared } = await pooled.db.transaction(async (tx) => {
      const [row] = await queryRowsPrepared<{ sum: number }>(tx, sql`select ${2}::int + 2 as sum`);
      await tx
        .insert(realtimeOutbox)
        .values([{ channel: "private-test", event: "test", payload: {} }])
        .prepare(NAMED_BY_TEXT)
        .execute();
      return { row, prepared: await preparedOnThisConnection(tx) };
    });
    expect(row?.sum).toBe(4);
    expect(prepared).toEqual([]);
  });
});

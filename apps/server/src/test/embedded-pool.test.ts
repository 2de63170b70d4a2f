import { describe, expect, it } from "vitest";
import { EMBEDDED_SNAPSHOT_VARIABLE } from "./databases";
import { idleEmbeddedDatabases, lendMigratedEmbeddedDatabase } from "./embedded-pool";
import { startTestServer } from "./support";

// The pool serves the embedded pass only: on PostgreSQL every test file copies the template database instead.
describe.skipIf(!process.env[EMBEDDED_SNAPSHOT_VARIABLE])("the embedded test databases' pool", () => {
  it("lends a used database again only once it is back to the migrated state", async () => {
    const first = await lendMigratedEmbeddedDatabase();
    if (!first) throw new Error("no migrated dump in this run");
    await first.client.exec(`
      insert into jobs (kind, payload) values ('one', '{}'), ('two', '{}');
      create temporary table leftover (id int);
      select pg_advisory_lock(42);
    `);
    await first.giveBack();

    const second = await lendMigratedEmbeddedDatabase();
    expect(second?.client).toBe(first.client);
    const client = second?.client ?? first.client;
    expect((await client.query("select count(*)::int as n from jobs")).rows).toEqual([{ n: 0 }]);
    // Identity counters restart, as on a freshly loaded database.
    const inserted = await client.query<{ id: string }>(
      "insert into jobs (kind, payload) values ('x', '{}') returning id",
    );
    expect(Number(inserted.rows[0]?.id)).toBe(1);
    expect((await client.query("select to_regclass('pg_temp.leftover') as name")).rows).toEqual([{ name: null }]);
    expect((await client.query("select count(*)::int as n from pg_locks where locktype = 'advisory'")).rows).toEqual([
      { n: 0 },
    ]);
    await second?.giveBack();
  });

  it.each([
    ["whose schema a test changed", "alter table jobs add column extra text"],
    ["whose session settings a test changed", "set statement_timeout = 1234"],
  ])("closes a database %s instead of lending it again", async (_case, change) => {
    const used = await lendMigratedEmbeddedDatabase();
    if (!used) throw new Error("no migrated dump in this run");
    await used.client.exec(change);
    await used.giveBack();
    expect(used.client.closed).toBe(true);
    const next = await lendMigratedEmbeddedDatabase();
    expect(next?.client).not.toBe(used.client);
    expect((await next?.client.query("select count(*)::int as n from jobs"))?.rows).toEqual([{ n: 0 }]);
    await next?.giveBack();
  });

  it("starts every server on an empty database, whatever the server before it wrote", async () => {
    const before = await startTestServer();
    const registered = await before.request("/api/health");
    expect(registered.status).toBe(200);
    await before.context.database.db.execute("insert into jobs (kind, payload) values ('left behind', '{}')" as never);
    const idleBefore = idleEmbeddedDatabases();
    await before.stop();
    // What a server leaves behind (its settings, locks, rows) passes for clean once emptied: it is lent again.
    expect(idleEmbeddedDatabases()).toBe(idleBefore + 1);
    const after = await startTestServer();
    try {
      const rows = await after.context.database.db.execute(
        "select count(*)::int as n from jobs where kind = 'left behind'" as never,
      );
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
    } finally {
      await after.stop();
    }
  });
});

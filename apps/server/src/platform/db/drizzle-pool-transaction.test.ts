import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";

/**
 * Why client.ts wraps `db.transaction` on PostgreSQL (transactionsThatReturnTheirConnection): drizzle's own
 * pool transaction runs `begin` outside its try/finally, so a failed `begin` never releases the connection
 * (https://github.com/drizzle-team/drizzle-orm/issues/6114, also #6241). This test pins that upstream
 * behaviour without a database. When it fails, drizzle releases the connection itself: check that it also
 * destroys a connection whose rollback failed (the second half of #6114), then drop the wrapper.
 */
describe("drizzle's own pool transaction (upstream bug the wrapper in client.ts works around)", () => {
  it("still keeps the connection when begin fails", async () => {
    const releases: unknown[] = [];
    const connection = {
      query: async () => {
        throw new Error("Connection terminated unexpectedly");
      },
      release: (error?: unknown) => {
        releases.push(error);
      },
    };
    // drizzle tells a pool from a client by its constructor's name.
    let borrowed = 0;
    class FakePool {
      connect = async () => {
        borrowed += 1;
        return connection;
      };
    }
    const db = drizzle(new FakePool() as never);
    await expect(db.transaction(async () => "never")).rejects.toThrow();
    expect(borrowed).toBe(1);
    expect(releases, "drizzle now releases the connection: see the comment above").toEqual([]);
  });
});

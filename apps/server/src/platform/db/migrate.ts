import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { serverDir } from "../paths";
import type { Database } from "./client";

export const migrationsFolder = path.join(serverDir, "drizzle");

/** Applies the committed drizzle-kit migrations that have not run yet; a no-op on an up-to-date database. */
export async function runMigrations(database: Database): Promise<void> {
  await database.withExclusiveConnection(async (db) => {
    if (database.driver === "pglite") {
      const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migrateNodePostgres(db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}

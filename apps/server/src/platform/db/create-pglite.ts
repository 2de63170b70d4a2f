import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

/**
 * The embedded engine with the PostgreSQL extensions the migrations create (pg_trgm: the username search's trigram
 * index, migration 0028). Every embedded database opens through here (the app, the test template and the test pool),
 * since a data directory that has the extension needs it loaded to open. Imported only when used: the engine costs
 * ~35 MB of memory just by being imported.
 */
export async function createPglite(options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
  ]);
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

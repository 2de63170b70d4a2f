import { randomBytes } from "node:crypto";
import pg from "pg";

/** Names the run's migrated template database (databases.global.ts), when the project has one. */
export const TEMPLATE_DATABASE_VARIABLE = "VELVET_TEST_TEMPLATE_DATABASE";
/** Names the file holding the run's migrated embedded database (support.ts starts in-memory test servers from it). */
export const EMBEDDED_SNAPSHOT_VARIABLE = "VELVET_TEST_EMBEDDED_SNAPSHOT";

/**
 * A brand-new PostgreSQL database for one test file (or one CI run), created on
 * the server DATABASE_URL points at and dropped afterwards, so files can run in
 * parallel and leave nothing behind. Inside the server project it is a copy of
 * the run's template, migrations already applied (the server's own run of them
 * then finds nothing to do).
 */
export async function createFreshPostgresDatabase(
  baseUrl: string,
  label = "test",
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `velvet_${label}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const template = process.env[TEMPLATE_DATABASE_VARIABLE];
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl.toString() });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A brand-new PostgreSQL database for one test file (or one CI run), created on
 * the server DATABASE_URL points at and dropped afterwards, so files can run in
 * parallel and leave nothing behind.
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
    await admin.query(`create database "${name}"`);
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

import { defineConfig } from "drizzle-kit";

// The pg-core schema, one file per domain, used with both PGlite and node-postgres.
// Migrations in ./drizzle are generated from it by drizzle-kit and never edited once committed.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/platform/db/schema",
  out: "./drizzle",
});

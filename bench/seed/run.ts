// npm run bench:seed: drops and recreates the benchmark database (velvet_bench on the server of
// DATABASE_URL, or BENCH_DATABASE_URL), applies the app's migrations, runs each seed step in
// order, then VACUUM ANALYZE so plans and index-only scans see the data as a live site would.
import pg from "pg";
import { openDatabase } from "../../apps/server/src/platform/db/client";
import { runMigrations } from "../../apps/server/src/platform/db/migrate";
import { benchDatabaseUrl, recreateDatabase } from "../bench-database.mjs";
import { interactionsStep } from "./interactions";
import { messagesStep } from "./messages";
import { profilesStep } from "./profiles";
import type { SeedStep } from "./step";

/** In order: a step may read what an earlier one wrote. */
const steps: SeedStep[] = [profilesStep, interactionsStep, messagesStep];

const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const redacted = (url: string) => url.replace(/\/\/[^@/]*@/, "//");

const started = performance.now();
const url = benchDatabaseUrl();
await recreateDatabase(url);
say(`Recreated ${redacted(url)}`);

let since = performance.now();
const database = await openDatabase({ databaseUrl: url, dataDir: null });
try {
  await runMigrations(database);
} finally {
  await database.close();
}
say(`Migrations: ${seconds(since)}`);

const pool = new pg.Pool({ connectionString: url, max: 2 });
try {
  for (const step of steps) {
    since = performance.now();
    const summary = await step.run(pool);
    say(`${step.name}: ${summary} in ${seconds(since)}`);
  }
  since = performance.now();
  await pool.query("vacuum analyze");
  say(`vacuum analyze: ${seconds(since)}`);
} finally {
  await pool.end();
}
say(`Seeded in ${seconds(started)}`);

// The benchmark database and the member the benchmarks sign in as, shared by
// `npm run bench:seed` (bench/seed/run.ts) and `npm run bench` (bench/api/run.mjs).
import pg from "pg";

export const BENCH_DATABASE_NAME = "velvet_bench";

/** Signs in to the seeded database; the password is hashed with the app's own argon2 settings. */
export const BENCH_MEMBER = {
  username: "BenchMember",
  email: "bench-member@velvethearts.example",
  password: "bench-member-password-2026",
};

/** BENCH_DATABASE_URL, or `velvet_bench` on the server of DATABASE_URL (default: the local server). */
export function benchDatabaseUrl(env = process.env) {
  if (env.BENCH_DATABASE_URL) return env.BENCH_DATABASE_URL;
  const url = new URL(env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${BENCH_DATABASE_NAME}`;
  return url.toString();
}

function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** Drops (closing its connections) and creates the database of `url`, connected through `postgres` on its server. */
export async function recreateDatabase(url) {
  const name = databaseName(url);
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    await admin.query(`drop database if exists ${quoted} with (force)`);
    await admin.query(`create database ${quoted}`);
  } finally {
    await admin.end();
  }
}

/**
 * Production's PostgreSQL vacuums and analyses on its own; these machines' server has autovacuum off
 * (/etc/postgresql/15/main/conf.d/90-ci.conf). Without it every run leaves the next one dead rows to step over
 * and statistics from before it (a plan cached on the empty outbox went on sorting the whole table after 100,000
 * rows), a handicap that grows with each run and that no production database has. So when autovacuum is off, the
 * benchmarks vacuum and analyse the database where autovacuum would have: before every measured run of either side
 * (bench:api), before each step of the busy evening (bench:load). `needed` says whether `run()` does anything.
 * BENCH_VACUUM=0 leaves it out, to measure what the handicap costs.
 */
export async function tableMaintenance(databaseUrl, env = process.env) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("show autovacuum");
  const needed = rows[0].autovacuum === "off" && env.BENCH_VACUUM !== "0";
  return {
    needed,
    async run() {
      if (needed) await client.query("vacuum analyze");
    },
    end: () => client.end(),
  };
}

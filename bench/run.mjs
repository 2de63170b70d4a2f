// npm run bench: every figure the issues set, in one report, written to bench/results/latest.md.
// 1. Seeds the benchmark database if it is missing or incomplete (npm run bench:seed: 100,000 profiles and
//    1,000,000 messages in 50,000 conversations, on the PostgreSQL server of DATABASE_URL).
// 2. Runs the five measurements one after another, each in its own process, so none loads the machine
//    while another measures: the API against raw-pg baselines (bench/api/run.mjs), real time against a plain
//    `ws` server (bench/realtime/run.mjs), the web pages (bench/web/lighthouse.mjs), the operator desk
//    (bench/desk/run.mjs) and the busy evening (bench/load/run.mjs: capacity at one and two processes against
//    the raw-pg limit).
// 3. Writes the report: the machine, each measurement's table (every figure beside its same-run baseline,
//    the ratio and whether it meets its target), then the API's query plans.
// Exits non-zero when any figure misses its target, after writing the report either way.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { BENCH_MEMBER, benchDatabaseUrl } from "./bench-database.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reportPath = path.join(root, "bench/results/latest.md");
const say = (line) => process.stderr.write(`${line}\n`);

/** The seed is complete when its last step (messages) has run for the benchmark member. */
async function isSeeded(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select exists (select 1 from users where email = $1)
          and (select count(*) from conversations) >= 50000 as seeded`,
      [BENCH_MEMBER.email],
    );
    return rows[0]?.seeded === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one measurement; its stdout is the report's section, its stderr the progress shown meanwhile. */
function measure(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

function quietly(command, args) {
  try {
    return execFileSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

async function postgresVersion(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return (await client.query("show server_version")).rows[0].server_version;
  } finally {
    await client.end().catch(() => {});
  }
}

function machine(databaseVersion) {
  const cpus = os.cpus();
  const dirty = quietly("git", ["status", "--porcelain"]) === "" ? "" : " (with uncommitted changes)";
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${quietly("git", ["rev-parse", "--short", "HEAD"])}${dirty}`,
    `- CPU: ${cpus.length} × ${cpus[0]?.model ?? "unknown"}; memory ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- Load average at start: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}`,
    `- OS: ${os.type()} ${os.release()}; Node ${process.version}; PostgreSQL ${databaseVersion}; ${quietly("redis-server", ["--version"]).split(" ").slice(0, 3).join(" ")}; ${quietly("/usr/bin/chromium", ["--version"])}`,
    "- Load generator, servers, PostgreSQL and Redis share the machine: each pair runs back to back, alternating, and the median is reported.",
  ].join("\n");
}

/** The API runner prints its table, then the plans: the table goes up front, the plans to the end. */
function splitPlans(output) {
  const at = output.indexOf("Plans (EXPLAIN");
  return at === -1
    ? { table: output.trim(), plans: "" }
    : { table: output.slice(0, at).trim(), plans: output.slice(at).trim() };
}

const databaseUrl = benchDatabaseUrl();
if (!(await isSeeded(databaseUrl))) {
  say("The benchmark database is missing or incomplete: seeding it (npm run bench:seed)…");
  const seeded = await measure(["--import", "tsx", "bench/seed/run.ts"]);
  if (seeded.code !== 0) throw new Error(`the benchmark seed failed:\n${seeded.output}`);
  say(seeded.output.trim());
}
const header = machine(await postgresVersion(databaseUrl));

const sections = [
  {
    title: "API",
    intro:
      "autocannon against the real server (production mode, `npm start`'s flags) and, for each endpoint, a bare Fastify route running the same SQL through raw `pg` (no ORM, no auth); the hello routes are the bare references. Warm-up, then five rounds of 10 s, the pair back to back in alternating order; req/s and latencies are medians of the rounds, the ratio is the median of the rounds' ratios (each round listed: the spread).",
    args: ["bench/api/run.mjs"],
  },
  {
    title: "Real time",
    intro:
      "The Pusher-protocol server against the simplest `ws` broadcast server, same run, rounds alternating, median of three.",
    args: ["bench/realtime/run.mjs"],
  },
  {
    title: "Web",
    intro:
      "Lighthouse's mobile audit in Debian's Chromium against the server as `npm start` runs it; first-load JavaScript of each page gzipped, against the floor of React, React Router and TanStack Query built alone.",
    args: ["--import", "tsx", "bench/web/lighthouse.mjs"],
  },
  {
    title: "Operator desk",
    intro:
      "A scripted operator in Debian's Chromium, keyboard only, answers 50 waiting conversations with the desk's templates while the member keeps writing, against the real server (`npm start`'s bundle, demo data, a fresh PostgreSQL database).",
    args: ["--import", "tsx", "bench/desk/run.mjs"],
  },
  {
    title: "Busy evening",
    intro:
      "Members signed in as different seeded members with real-time connections follow a script with think times while operators answer from the queue; members online rise step by step, and the capacity is the largest number at which every request class keeps p99 at most 250 ms, live delivery p99 at most 500 ms and nothing failed: one process, two behind HAProxy with Redis, and the same clicks replayed on raw-pg routes (the limit). The clients run in a process of their own (`bench/load/run.mjs`, method in bench/README.md).",
    args: ["--import", "tsx", "bench/load/run.mjs"],
    // Its budget defines the capacity it reports: a figure, not a target met or missed.
    figuresOnly: true,
  },
];

const results = [];
for (const section of sections) {
  say(`--- ${section.title}`);
  const result = await measure(section.args);
  results.push({ ...section, ...result });
  say(result.output.trim());
}

const api = splitPlans(results[0].output);
/** The figures of a section's table whose verdict says NO (the first cell names the figure). */
function missedFigures(output) {
  return output
    .split("\n")
    .filter((line) => line.startsWith("|") && /\bNO\b/.test(line))
    .map((line) => line.split("|")[1]?.trim())
    .filter(Boolean);
}

const summary = results
  .map((result) => {
    if (result.code === 0 && result.figuresOnly) return `- ${result.title}: measured (capacity figures, no target)`;
    if (result.code === 0) return `- ${result.title}: every target met`;
    const missed = missedFigures(result.output);
    return `- ${result.title}: **missed** ${missed.length > 0 ? missed.join("; ") : "(the run failed: see its log)"}`;
  })
  .join("\n");
const body = results
  .map((result, index) => {
    const table = index === 0 ? api.table : result.output.trim();
    return `## ${result.title}\n\n${result.intro}\n\n${table || "_(no output: see the run's log)_"}`;
  })
  .join("\n\n");
const report = `# Benchmark report (npm run bench)\n\n${header}\n\n${summary}\n\n${body}\n\n## API query plans\n\n\`\`\`\n${api.plans}\n\`\`\`\n`;
mkdirSync(path.dirname(reportPath), { recursive: true });
writeFileSync(reportPath, report);
say(`Wrote ${path.relative(root, reportPath)}`);
process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;

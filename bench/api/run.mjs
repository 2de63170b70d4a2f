// npm run bench: the API against a bare baseline, on the database `npm run bench:seed` built.
// Starts the real server (npm start's command) and baseline-server.mjs side by side, then for each
// scenario in scenarios.mjs loads both with autocannon: a warm-up, then ROUNDS rounds in which the
// two run back to back, in alternating order, so the machine's noise falls on both. Reports the
// medians of the rounds, and as the ratio the median of the rounds' ratios. Prints a Markdown
// table, then the plans of the replayed statements and the indexes of the tables they read.
import pg from "pg";
import { BENCH_MEMBER, benchDatabaseUrl, tableMaintenance } from "../bench-database.mjs";
import { load, signIn } from "./load.mjs";
import { scenarios } from "./scenarios.mjs";
import { BENCH_SITE_KEY, startBaseline, startVelvet } from "./servers.mjs";

// Five rounds at least: a budget read from the median of three moved with one noisy round.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const TABLES = ["users", "photos", "interactions", "conversations", "conversation_members", "messages"];

const progress = (line) => process.stderr.write(`${line}\n`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

async function assertSeeded(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rowCount } = await client.query("select 1 from users where email = $1", [BENCH_MEMBER.email]);
    if (rowCount !== 1) throw new Error("no benchmark member");
  } catch (error) {
    throw new Error(`The benchmark database is not seeded (${error.message}): run npm run bench:seed first.`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function explain(databaseUrl, statements) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plans = [];
    for (const { name, statement } of statements) {
      const { rows } = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      plans.push(`-- ${name}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    }
    const { rows } = await client.query(
      "select indexdef from pg_indexes where schemaname = 'public' and tablename = any($1) order by tablename, indexname",
      [TABLES],
    );
    return { plans, indexes: rows.map((row) => row.indexdef) };
  } finally {
    await client.end();
  }
}

const databaseUrl = benchDatabaseUrl();
await assertSeeded(databaseUrl);
const maintenance = await tableMaintenance(databaseUrl);
if (maintenance.needed) progress("autovacuum is off on this server: vacuum analyze before each measured run");
const velvet = await startVelvet(databaseUrl);
let token = await signIn(velvet.url);
const velvetHeaders = () => ({ "X-Site-Key": BENCH_SITE_KEY, Authorization: `Bearer ${token}` });
const velvetJson = async (path) => {
  const response = await fetch(`${velvet.url}${path}`, { headers: velvetHeaders() });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
};

const prepared = [];
// BENCH_ONLY=text[,text] runs the scenarios whose name contains one of them (and the hello references).
const only = process.env.BENCH_ONLY?.split(",").filter(Boolean) ?? [];
const chosen = scenarios.filter(
  (scenario) => only.length === 0 || scenario.hello || only.some((text) => scenario.name.includes(text)),
);
for (const [index, scenario] of chosen.entries()) {
  const {
    velvet: velvetRequest,
    baseline: baselineTarget,
    check,
    refresh,
  } = await scenario.prepare({ databaseUrl, velvetJson, signIn: (email) => signIn(velvet.url, email) });
  const key = `s${index}`;
  prepared.push({
    scenario,
    velvetRequest,
    statement: baselineTarget.statement,
    program: baselineTarget.program,
    baselineRequest: baselineTarget.statement
      ? { path: `/sql/${key}` }
      : baselineTarget.program
        ? { path: `/program/${key}` }
        : baselineTarget,
    key,
    check,
    refresh,
    runs: { velvet: [], baseline: [] },
  });
}
const baseline = await startBaseline(
  databaseUrl,
  Object.fromEntries(prepared.filter((item) => item.statement).map((item) => [item.key, item.statement])),
  Object.fromEntries(prepared.filter((item) => item.program).map((item) => [item.key, item.program])),
);

try {
  for (const item of prepared.filter((entry) => entry.check)) {
    const baselineBody = await (await fetch(`${baseline.url}${item.baselineRequest.path}`)).json();
    item.check(await velvetJson(item.velvetRequest.path), baselineBody);
  }

  const targets = (item) => [
    ["baseline", baseline.url, item.baselineRequest, () => ({})],
    ...(item.velvetRequest ? [["velvet", velvet.url, item.velvetRequest, velvetHeaders]] : []),
  ];
  for (const item of prepared) {
    for (const [, url, request, headers] of targets(item)) {
      await load(url, request, headers(), item.scenario.connections, WARMUP_S);
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Access tokens live 15 minutes; a fresh one per round outlives any round.
    token = await signIn(velvet.url);
    for (const item of prepared) await item.refresh?.();
    for (const item of prepared) {
      const pair = targets(item);
      for (const [side, url, request, headers] of round % 2 === 0 ? pair : [...pair].reverse()) {
        if (!item.scenario.hello) await maintenance.run();
        const run = await load(url, request, headers(), item.scenario.connections, DURATION_S);
        item.runs[side].push(run);
        progress(
          `round ${round + 1}, ${item.scenario.name}, ${side}: ${fmt(run.rps, 0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms`,
        );
      }
    }
  }
} finally {
  await baseline.stop();
  await velvet.stop();
  await maintenance.end();
}

const summary = (runs) =>
  runs.length === 0
    ? undefined
    : {
        rps: median(runs.map((run) => run.rps)),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
      };
const lines = [
  "| Scenario | Connections | Velvet req/s | p50 ms | p99 ms | Baseline req/s | p50 ms | p99 ms | Ratio | Rounds | Target | Meets |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|",
];
let allMet = true;
for (const item of prepared) {
  const ours = summary(item.runs.velvet);
  const theirs = summary(item.runs.baseline);
  // Each round's pair ran back to back, under the same load from the rest of the machine:
  // the ratio is the median of the rounds' ratios, not a ratio of medians from different moments.
  const rounds = item.runs.velvet.map((run, round) => run.rps / item.runs.baseline[round].rps);
  const ratio = rounds.length > 0 ? median(rounds) : undefined;
  let meets = item.scenario.target === undefined ? "" : ratio >= item.scenario.target ? "yes" : "NO";
  // Some budgets also compare with the bare hello route at the same concurrency.
  const hello = prepared.find(
    (entry) => entry.scenario.hello && entry.scenario.connections === item.scenario.connections,
  );
  if (item.scenario.helloTarget !== undefined && hello && ours) {
    const versusHello = ours.rps / summary(hello.runs.baseline).rps;
    const helloMet = versusHello >= item.scenario.helloTarget;
    meets = `${meets}; ${fmt(versusHello, 2)}x hello (≥ ${item.scenario.helloTarget}x): ${helloMet ? "yes" : "NO"}`;
    if (!helloMet) allMet = false;
  }
  if (meets.startsWith("NO")) allMet = false;
  lines.push(
    [
      item.scenario.name,
      item.scenario.connections,
      ours ? fmt(ours.rps, 0) : "",
      ours ? fmt(ours.p50) : "",
      ours ? fmt(ours.p99) : "",
      fmt(theirs.rps, 0),
      fmt(theirs.p50),
      fmt(theirs.p99),
      ratio === undefined ? "" : `${fmt(ratio, 2)}x`,
      rounds.map((value) => fmt(value, 2)).join(", "),
      item.scenario.target !== undefined ? `≥ ${item.scenario.target}x` : item.velvetRequest ? "none set" : "reference",
      meets,
    ].join(" | "),
  );
}
process.stdout.write(`${lines.map((line) => (line.startsWith("|") ? line : `| ${line} |`)).join("\n")}\n\n`);

const { plans, indexes } = await explain(
  databaseUrl,
  prepared.flatMap((item) => [
    ...(item.statement ? [{ name: item.scenario.name, statement: item.statement }] : []),
    ...(item.program ?? [])
      .flat()
      .map((statement, index) => ({ name: `${item.scenario.name}, statement ${index + 1}`, statement })),
  ]),
);
process.stdout.write(`Plans (EXPLAIN ANALYZE, BUFFERS):\n\n${plans.join("\n\n")}\n\nIndexes:\n${indexes.join("\n")}\n`);
process.exitCode = allMet ? 0 : 1;

// npm run bench:load (also part of npm run bench): a busy evening, simulated. Members sign in (each a
// different seeded member, from a pool of BENCH_LOAD_POOL), open a real-time connection (Pusher protocol 7, as
// pusher-js speaks it) and follow a script with think times: a search and its next page (filters varied), two
// profiles, the conversation list, a conversation's history, marking it read, and a message every 30 s on average
// (most to fictional profiles, the rest to their partner, who is online too); operators answer from the queue.
// Sessions last a few minutes and are replaced by other members as they end. N (members online) rises step by step;
// each step has a warm-up and a measured window, and the capacity is the largest N at which every request class keeps
// p99 at most 250 ms, live delivery p99 at most 500 ms and nothing failed (budget.mjs). Measured for one process of
// the real server, for two behind HAProxy with Redis, and for the same clicks replayed on raw-pg routes running the
// app's own statements for each member (the limit). The clients run in their own process (clients.mjs).
// Prints the report's section (markdown) on stdout, progress on stderr. Exits non-zero on a crash, or when a setup's
// first step already fails on errors (the run, not the server's capacity, is broken); a capacity is never a failure.
//
// Env: BENCH_QUICK=1 (a short smoke run), BENCH_LOAD_STEPS ("50,100,..."), BENCH_LOAD_WARMUP (s), BENCH_LOAD_WINDOW
// (s), BENCH_LOAD_SESSION ("60,180" s), BENCH_LOAD_POOL (20000 members), BENCH_LOAD_OPERATORS (6),
// BENCH_LOAD_PROGRAMS (members whose statements the baseline replays: the largest step), BENCH_LOAD_SETUPS ("one,two,baseline"), BENCH_LOAD_CONFIRM ("0": no second window for a missed step),
// BENCH_LOAD_ENV ("NAME=value,...": added to the real server's environment, e.g. DATABASE_PREPARED_STATEMENTS=0).
import { execFileSync, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startHaproxy } from "../../apps/server/src/faults/haproxy.ts";
import { root, startBaseline, startVelvet } from "../api/servers.mjs";
import { BENCH_MEMBER, benchDatabaseUrl, tableMaintenance } from "../bench-database.mjs";
import { breaches, capacity, DELIVERY_P99_MS, quantile, REQUEST_P99_MS } from "./budget.mjs";
import { choosePool } from "./pool.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const QUICK = process.env.BENCH_QUICK === "1";
const env = process.env;
const list = (value) => value.split(",").map(Number);
const STEPS = list(env.BENCH_LOAD_STEPS ?? (QUICK ? "10,20" : "10,25,50,100,200,300,400,600,800,1200"));
const WARMUP_S = Number(env.BENCH_LOAD_WARMUP ?? (QUICK ? 4 : 8));
const WINDOW_S = Number(env.BENCH_LOAD_WINDOW ?? (QUICK ? 8 : 20));
const POOL = Number(env.BENCH_LOAD_POOL ?? 20_000);
const STEPS_MAX = Math.max(...STEPS);
// One program per member online up to 600 (capturing takes ~60 ms a member); above, sessions share programs.
const PROGRAMS = Number(env.BENCH_LOAD_PROGRAMS ?? Math.min(STEPS_MAX, 600));
const SETUPS = (env.BENCH_LOAD_SETUPS ?? "one,two,baseline").split(",");
const CONFIRM = env.BENCH_LOAD_CONFIRM !== "0";
const EXTRA_ENV = Object.fromEntries(
  (env.BENCH_LOAD_ENV ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);
const SETTINGS = {
  password: BENCH_MEMBER.password,
  thinkMs: [2_000, 6_000],
  sessionS: list(env.BENCH_LOAD_SESSION ?? (QUICK ? "20,40" : "60,180")),
  // New members arrive spread over most of the warm-up, not all in the same second.
  arrivalS: WARMUP_S * 0.8,
  sendEveryS: 30,
  partnerShare: 0.3,
  operators: Number(env.BENCH_LOAD_OPERATORS ?? 6),
  operatorThinkMs: [2_000, 5_000],
};

const say = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const p = (values, q) => quantile(values ?? [], q);

/** The generator process, and a way to ask it something and wait for its answer. */
function startClients() {
  const child = fork(path.join(here, "clients.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ask = (command, answer) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== answer) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(message);
      };
      const onExit = (code) => reject(new Error(`the load generator exited with ${code}`));
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send(command);
    });
  return {
    ask,
    close: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** One or two processes of the real server (two: behind HAProxy, joined by Redis), or the raw-pg baseline. */
async function startSetup(name, databaseUrl, pool, firstPair) {
  if (name === "one") {
    const server = await startVelvet(databaseUrl, { env: EXTRA_ENV });
    return { label: "Velvet, one process", mode: "velvet", url: server.url, stop: server.stop };
  }
  if (name === "two") {
    // Both processes must accept each other's tokens and sockets: one site address (the tokens' issuer), one secret,
    // one Redis namespace of their own.
    const shared = {
      APP_URL: "https://velvet-load.bench.example",
      ALLOWED_ORIGINS: "https://velvet-load.bench.example",
      APP_SECRET: randomBytes(32).toString("hex"),
      PUSHER_SECRET: randomBytes(16).toString("hex"),
      REDIS_URL: env.REDIS_URL || "redis://127.0.0.1:6379",
      REDIS_KEY_PREFIX: `velvet-load-${randomBytes(4).toString("hex")}:`,
      TRUST_PROXY: "1",
      ...EXTRA_ENV,
    };
    const servers = [await startVelvet(databaseUrl, { env: shared }), await startVelvet(databaseUrl, { env: shared })];
    const ports = servers.map((server) => Number(new URL(server.url).port));
    const haproxy = await startHaproxy([ports[0], ports[1]]);
    return {
      label: "Velvet, two processes behind HAProxy (Redis)",
      mode: "velvet",
      url: haproxy.url,
      stop: async () => {
        await haproxy.close();
        await Promise.all(servers.map((server) => server.stop()));
      },
    };
  }
  // The limit: each member's own statements, captured from the app's services (baseline-programs.ts).
  const directory = mkdtempSync(path.join(os.tmpdir(), "velvet-load-"));
  const input = path.join(directory, "input.json");
  const programsFile = path.join(directory, "programs.json");
  const members = pool.pairs.flatMap((pair) =>
    pair.members.map((member) => ({ id: member.id, conversationUuid: pair.conversation.uuid })),
  );
  const programs = members.slice(firstPair * 2, firstPair * 2 + PROGRAMS);
  writeFileSync(input, JSON.stringify({ members: programs, operatorEmail: pool.operators[0] }));
  say(`capturing the app's statements for ${PROGRAMS} members…`);
  execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(here, "baseline-programs.ts"), input, programsFile, databaseUrl],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  const server = await startBaseline(databaseUrl, {}, {}, { programsFile, pairs: pool.pairs, firstPair });
  return {
    label: "Raw-pg limit, one process",
    mode: "baseline",
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** One measured window at `members` online: the generator's samples, judged and logged. */
async function measureWindow(clients, setup, members) {
  await clients.ask({ type: "window" }, "windowed");
  await sleep(WINDOW_S * 1000);
  const report = await clients.ask({ type: "report" }, "report");
  const step = { members, ...report.samples, ...report, load: os.loadavg()[0] };
  const requests = Object.values(step.latencies).reduce((sum, values) => sum + values.length, 0);
  const missed = breaches(step);
  say(
    `${setup.label}: ${members} members (${report.online} online), ${fmt(requests / report.seconds, 1)} req/s, ` +
      `generator CPU ${fmt(report.generatorCpu * 100)}%, load ${fmt(step.load, 1)}: ${missed.length === 0 ? "meets" : missed.join("; ")}`,
  );
  for (const example of step.errorExamples) say(`  ${example}`);
  return step;
}

/** Steps N up until a step misses the budget; every step's samples. */
async function climb(setup, pool, firstPair, maintenance) {
  const clients = startClients();
  const steps = [];
  try {
    await clients.ask(
      { type: "start", mode: setup.mode, url: setup.url, pool, settings: { ...SETTINGS, firstPair } },
      "started",
    );
    for (const members of STEPS) {
      // Under the last step's load, as autovacuum would run on a database in production (see tableMaintenance).
      await maintenance.run();
      await clients.ask({ type: "target", members }, "targeted");
      await sleep(WARMUP_S * 1000);
      let step = await measureWindow(clients, setup, members);
      // On a shared machine one stall of another process can fail a window: a missed step is measured once more,
      // at once, and judged on that second window (both are in the report).
      if (breaches(step, { membersOnly: true }).length > 0 && CONFIRM) {
        const first = breaches(step);
        step = { ...(await measureWindow(clients, setup, members)), firstWindowMissed: first };
      }
      steps.push(step);
      // The climb goes on while the members' own figure holds (the full budget, operators included, breaks first).
      if (breaches(step, { membersOnly: true }).length > 0) break;
    }
    await clients.ask({ type: "stop" }, "stopped");
  } finally {
    await clients.close();
  }
  return steps;
}

const databaseUrl = benchDatabaseUrl();
const started = Date.now();
say(`choosing ${POOL} members in pairs…`);
const pool = await choosePool(databaseUrl, POOL);
const maintenance = await tableMaintenance(databaseUrl);
if (maintenance.needed) say("autovacuum is off on this server: vacuum analyze before each step");
say(
  `${pool.pairs.length * 2} members in ${pool.pairs.length} pairs, ${pool.fictional.length} fictional profiles, ${pool.operators.length} operators`,
);
const results = [];
let broken = false;
for (const [index, name] of SETUPS.entries()) {
  // Each setup starts with members the others did not use: a profile visit counts once an hour per viewer and
  // profile, and would be cheaper the second time.
  const firstPair = Math.floor((index * pool.pairs.length) / SETUPS.length);
  const setup = await startSetup(name, databaseUrl, pool, firstPair);
  try {
    const steps = await climb(setup, pool, firstPair, maintenance);
    results.push({
      name,
      label: setup.label,
      steps,
      capacity: capacity(steps),
      membersCapacity: capacity(steps, { membersOnly: true }),
    });
    const first = steps[0];
    if (first && Object.keys(first.errors).length > 0) broken = true;
  } finally {
    await setup.stop();
  }
}
await maintenance.end();

// The report.
function verdict(step) {
  const missed = breaches(step);
  const repeated = step.firstWindowMissed ? ` (second window; the first: ${step.firstWindowMissed.join("; ")})` : "";
  return `${missed.length === 0 ? "meets" : `over: ${missed.join("; ")}`}${repeated}`;
}
const byName = Object.fromEntries(results.map((result) => [result.name, result]));
const limit = byName.baseline;
const lines = [
  `${pool.pairs.length * 2} seeded members who can sign in (the benchmark password, credits through the ledger), in pairs who share a conversation; ${SETTINGS.operators} operators. Each member: sign in, socket (Pusher protocol 7) subscribed to their notifications, then over and over: a search and its next page (one of ${6} filter sets), two profiles, the conversation list, the history of the conversation with their partner, mark read; ${SETTINGS.thinkMs[0] / 1000} to ${SETTINGS.thinkMs[1] / 1000} s of thinking after each click; a message every ${SETTINGS.sendEveryS} s on average (${SETTINGS.partnerShare * 100}% to the partner, online too, the rest to a fictional profile). Sessions last ${SETTINGS.sessionS[0]} to ${SETTINGS.sessionS[1]} s, then another pair arrives. Operators: the queue, a lock, a reply (to a member online here when one waits among the first), ${SETTINGS.operatorThinkMs[0] / 1000} to ${SETTINGS.operatorThinkMs[1] / 1000} s between replies. Steps: ${STEPS.join(", ")} members online; ${WARMUP_S} s warm-up and a ${WINDOW_S} s window each; a step the members' classes miss is measured once more at once and judged on that second window; a setup stops at its first step over budget (p99 ≤ ${REQUEST_P99_MS} ms for every class, live delivery p99 ≤ ${DELIVERY_P99_MS} ms, no errors; a p99 of fewer than 100 samples is their slowest); the climb goes on while the members' own classes (operators' requests left out) meet it, the second capacity. Delivery is timed from the moment the sender's request starts to the frame on the recipient's socket. The generator is one process of its own; all processes share the 2 cores (no pinning).${maintenance.needed ? " This server's autovacuum is off: the database is vacuumed and analysed before each step, under the last step's load, as autovacuum would." : ""} ${Object.keys(EXTRA_ENV).length > 0 ? `Server environment added: ${env.BENCH_LOAD_ENV}.` : ""}`,
  "",
  "| Setup | Capacity: every class (members online) | Of the limit | First step over | Capacity: members' classes only | Of the limit | First step over |",
  "|---|---|---|---|---|---|---|",
];
const ratioOf = (result, key) =>
  limit && result !== limit && limit[key] > 0 ? `${fmt(result[key] / limit[key], 2)}x` : "";
const firstOver = (result, options) => {
  const over = result.steps.find((step) => breaches(step, options).length > 0);
  return over
    ? `${over.members}: ${breaches(over, options).join("; ")}`
    : `none up to ${result.steps.at(-1)?.members ?? 0} (the last step)`;
};
for (const result of results) {
  lines.push(
    `| ${result.label} | ${result.capacity} | ${ratioOf(result, "capacity")} | ${firstOver(result, {})} | ${result.membersCapacity} | ${ratioOf(result, "membersCapacity")} | ${firstOver(result, { membersOnly: true })} |`,
  );
}
for (const result of results) {
  lines.push(
    "",
    `${result.label}:`,
    "",
    "| Members | Requests/s | Slowest class p99 (ms) | Delivery to partner p50 / p99 (ms) | Operator reply delivery p50 / p99 (ms) | Errors | Generator CPU (loop delay p99) | Load average | Verdict |",
    "|---|---|---|---|---|---|---|---|---|",
  );
  for (const step of result.steps) {
    const requests = Object.values(step.latencies).reduce((sum, values) => sum + values.length, 0);
    const slowest = Object.entries(step.latencies)
      .map(([kind, values]) => [kind, p(values, 0.99)])
      .sort((a, b) => b[1] - a[1])[0];
    const errors = Object.values(step.errors).reduce((sum, count) => sum + count, 0);
    const legs = (leg) =>
      step.delivery[leg].length > 0
        ? `${fmt(p(step.delivery[leg], 0.5))} / ${fmt(p(step.delivery[leg], 0.99))} (${step.delivery[leg].length})`
        : "";
    lines.push(
      `| ${step.members} | ${fmt(requests / step.seconds, 1)} | ${slowest ? `${fmt(slowest[1])} (${slowest[0]})` : ""} | ${legs("member")} | ${legs("operator")} | ${errors}${step.contention ? ` (+${step.contention} operator 409s)` : ""} | ${fmt(step.generatorCpu * 100)}% (${fmt(step.generatorLoopDelayP99)} ms) | ${fmt(step.load, 1)} | ${verdict(step)} |`,
    );
  }
}
// Per class at the largest N every setup measured within its budget (or the smallest step).
const common = Math.min(...results.map((result) => result.membersCapacity || STEPS[0]));
const at = (result) => result.steps.find((step) => step.members === common);
const classes = [...new Set(results.flatMap((result) => Object.keys(at(result)?.latencies ?? {})))];
lines.push(
  "",
  `Per request class at ${common} members online (p50 / p99 ms, the count in brackets):`,
  "",
  `| Class | ${results.map((result) => result.label).join(" | ")} |${limit ? " p99 one process / limit |" : ""}`,
  `|---|${results.map(() => "---|").join("")}${limit ? "---|" : ""}`,
);
for (const kind of classes) {
  const cells = results.map((result) => {
    const values = at(result)?.latencies[kind];
    return values ? `${fmt(p(values, 0.5), 1)} / ${fmt(p(values, 0.99), 1)} (${values.length})` : "";
  });
  const one = byName.one && at(byName.one)?.latencies[kind];
  const base = limit && at(limit)?.latencies[kind];
  const ratio = one && base ? `${fmt(p(one, 0.99) / p(base, 0.99), 2)}x` : "";
  lines.push(`| ${kind} | ${cells.join(" | ")} |${limit ? ` ${ratio} |` : ""}`);
}
lines.push(
  "",
  `Whole run: ${fmt((Date.now() - started) / 1000)} s. The raw-pg limit has no sign-in, no socket and no delivery: its classes are the app's own statements for each member (captured from the app's services for ${PROGRAMS} members, cycled), sending and operator replies the app's send transaction in raw pg; its "operator queue" is the app's queue statement.`,
);
process.stdout.write(`${lines.join("\n")}\n`);
process.exitCode = broken ? 1 : 0;

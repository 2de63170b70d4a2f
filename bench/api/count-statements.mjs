// Not part of npm run bench: how many statements the real server sends to PostgreSQL per request of a scenario,
// and which, counted inside the server process (statement-counter.mjs) over a fixed number of requests; background
// work that runs meanwhile (the outbox's delivery rounds after each message) is counted with the requests.
//   node bench/api/count-statements.mjs [scenario name part ...]   (default: Send, next page)
// Env: COUNT_REQUESTS (400), COUNT_CONNECTIONS (1: one request at a time; 50 as the benchmark loads it).
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchDatabaseUrl } from "../bench-database.mjs";
import { load, signIn } from "./load.mjs";
import { scenarios } from "./scenarios.mjs";
import { BENCH_SITE_KEY, startVelvet } from "./servers.mjs";

const REQUESTS = Number(process.env.COUNT_REQUESTS ?? 400);
const CONNECTIONS = Number(process.env.COUNT_CONNECTIONS ?? 1);
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["Send", "next page"];
const countFile = path.join(tmpdir(), `velvet-statement-counts-${process.pid}.json`);
const counter = path.join(path.dirname(fileURLToPath(import.meta.url)), "statement-counter.mjs");
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

const databaseUrl = benchDatabaseUrl();
const velvet = await startVelvet(databaseUrl, {
  nodeArgs: ["--import", counter],
  env: { STATEMENT_COUNT_FILE: countFile },
});
/** The counts since the last call, once the file is written. */
async function takeCounts() {
  await settle();
  process.kill(velvet.pid, "SIGUSR1");
  await settle();
  return JSON.parse(readFileSync(countFile, "utf8"));
}

try {
  const token = await signIn(velvet.url);
  const headers = { "X-Site-Key": BENCH_SITE_KEY, Authorization: `Bearer ${token}` };
  const velvetJson = async (requestPath) => (await fetch(`${velvet.url}${requestPath}`, { headers })).json();
  for (const scenario of scenarios.filter((entry) => wanted.some((part) => entry.name.includes(part)))) {
    const { velvet: request } = await scenario.prepare({
      databaseUrl,
      velvetJson,
      signIn: (email) => signIn(velvet.url, email),
    });
    if (!request) continue;
    await load(velvet.url, request, headers, CONNECTIONS, undefined, { amount: 50 });
    await takeCounts();
    await load(velvet.url, request, headers, CONNECTIONS, undefined, { amount: REQUESTS });
    const counts = (await takeCounts()).sort((a, b) => b[1] - a[1]);
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    process.stdout.write(
      `\n${scenario.name}: ${(total / REQUESTS).toFixed(2)} statements per request (${REQUESTS} requests, ${CONNECTIONS} at a time)\n`,
    );
    for (const [key, count] of counts) process.stdout.write(`${(count / REQUESTS).toFixed(2).padStart(7)}  ${key}\n`);
  }
} finally {
  await velvet.stop();
}

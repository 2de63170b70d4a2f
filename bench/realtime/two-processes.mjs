// npm run bench:realtime:cluster: real-time traffic across two server processes behind a local
// balancer, against one process behind the same balancer, in the same run. 1,000 pusher clients connect through
// the balancer (round robin: half land on each process when there are two); messages are published on process A
// through its HTTP API, so the half on B get them over Redis. Figure: the last recipient's latency per message,
// p50 and p99, median of three alternating rounds. Needs PostgreSQL and Redis (REDIS_URL, default the local one).
import { randomBytes } from "node:crypto";
import { startTcpBalancer } from "../../apps/server/src/faults/tcp-balancer.ts";
import { APP, measure, median, percentile, startClients, startVelvet } from "./harness.mjs";

const FANOUT = Number(process.env.BENCH_FANOUT ?? 1_000);
const MESSAGES = 100;
const ROUNDS = 3;
const fmt = (value) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");

const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379/0";
const prefix = `velvet-bench-${randomBytes(3).toString("hex")}:`;
const a = await startVelvet({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
const b = await startVelvet({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
const oneProcess = await startTcpBalancer([a.port], "round-robin");
const twoProcesses = await startTcpBalancer([a.port, b.port], "round-robin");
const via = (balancer) => `ws://127.0.0.1:${balancer.port}/app/${APP.key}?protocol=7&client=bench&version=8`;

async function round(balancer, channel) {
  const clients = startClients();
  await clients.connect(via(balancer), FANOUT, channel, "pusher");
  const latencies = await measure(a, clients, channel, MESSAGES, 40);
  clients.stop();
  if (latencies.length < MESSAGES * 0.99) throw new Error(`${channel}: only ${latencies.length} messages arrived`);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const single = [];
const pair = [];
for (let index = 0; index < ROUNDS; index++) {
  single.push(await round(oneProcess, `one-process-${index}`));
  pair.push(await round(twoProcesses, `two-processes-${index}`));
}
await Promise.all([oneProcess.close(), twoProcesses.close()]);
await Promise.all([a.stop(), b.stop()]);

const pick = (rounds, key) => median(rounds.map((entry) => entry[key]));
const lines = [
  `| Figure (${FANOUT} clients through the balancer, ${MESSAGES} messages) | Two processes | One process | Ratio |`,
  "|---|---|---|---|",
  ...["p50", "p99"].map(
    (key) =>
      `| Last recipient, ${key} (ms) | ${fmt(pick(pair, key))} | ${fmt(pick(single, key))} | ${fmt(pick(pair, key) / pick(single, key))}x |`,
  ),
  "",
  `Rounds (two processes, p99): ${pair.map((entry) => fmt(entry.p99)).join(", ")}; (one process, p99): ${single.map((entry) => fmt(entry.p99)).join(", ")}`,
];
process.stdout.write(`${lines.join("\n")}\n`);
process.exit(0);

// npm run bench:realtime: the embedded Pusher-protocol server against a plain `ws`
// broadcast server (bench/realtime/baseline-server.mjs), measured in the same run.
// Clients live in their own process. Results are printed as a Markdown table.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { here, measure, median, percentile, rssMb, sleep, startClients, startVelvet } from "./harness.mjs";

const IDLE_CONNECTIONS = Number(process.env.BENCH_IDLE ?? 10_000);
const FANOUT = 1_000;
const ROUNDS = 3;

async function startBaseline() {
  const child = fork(path.join(here, "baseline-server.mjs"), [], { stdio: "ignore" });
  const port = await new Promise((resolve) => child.once("message", (message) => resolve(message.ready)));
  return {
    name: "baseline ws",
    pid: child.pid,
    url: `ws://127.0.0.1:${port}/`,
    protocol: "baseline",
    publish: (channel, data) =>
      fetch(`http://127.0.0.1:${port}/publish`, {
        method: "POST",
        body: JSON.stringify({ channel, data: JSON.stringify(data) }),
      }),
    stop: () => child.kill("SIGKILL"),
  };
}

async function idleMemory(server) {
  const clients = startClients();
  await sleep(1_000);
  const before = rssMb(server.pid);
  await clients.connect(server.url, IDLE_CONNECTIONS, "idle", server.protocol);
  await sleep(3_000);
  const after = rssMb(server.pid);
  await clients.close();
  clients.stop();
  return { before, after, perConnectionKb: ((after - before) * 1024) / IDLE_CONNECTIONS };
}

async function latencyRound(server) {
  const oneClients = startClients();
  await oneClients.connect(server.url, 1, "one-to-one", server.protocol);
  const one = await measure(server, oneClients, "one-to-one", 400, 3);
  oneClients.stop();
  const fanClients = startClients();
  await fanClients.connect(server.url, FANOUT, "fan-out", server.protocol);
  const fan = await measure(server, fanClients, "fan-out", 100, 40);
  fanClients.stop();
  return { oneP50: median(one), oneP99: percentile(one, 99), fanP99: percentile(fan, 99) };
}

const rows = [];
const row = (figure, velvet, baseline, ratio, target, meets) =>
  rows.push({ figure, velvet, baseline, ratio, target, meets });
const fmt = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

// Memory: each server on its own, baseline first.
const baseline = await startBaseline();
const baselineMemory = await idleMemory(baseline);
const velvet = await startVelvet();
const velvetMemory = await idleMemory(velvet);
const memoryRatio = velvetMemory.perConnectionKb / baselineMemory.perConnectionKb;
row(
  "RSS per idle connection (KB)",
  fmt(velvetMemory.perConnectionKb, 1),
  fmt(baselineMemory.perConnectionKb, 1),
  fmt(memoryRatio),
  "≤ 2x",
  memoryRatio <= 2,
);
row(
  `RSS with ${IDLE_CONNECTIONS} idle connections (MB)`,
  fmt(velvetMemory.after, 0),
  fmt(baselineMemory.after, 0),
  "",
  "< 200 MB",
  velvetMemory.after < 200,
);

// Latency: pairs run back to back, alternating, median of three.
const velvetRounds = [];
const baselineRounds = [];
for (let round = 0; round < ROUNDS; round++) {
  baselineRounds.push(await latencyRound(baseline));
  velvetRounds.push(await latencyRound(velvet));
}
const pick = (rounds, key) => median(rounds.map((round) => round[key]));
const oneRatio = pick(velvetRounds, "oneP99") / pick(baselineRounds, "oneP99");
const fanRatio = pick(velvetRounds, "fanP99") / pick(baselineRounds, "fanP99");
row(
  "One-to-one delivery p99 (ms)",
  fmt(pick(velvetRounds, "oneP99")),
  fmt(pick(baselineRounds, "oneP99")),
  fmt(oneRatio),
  "≤ 1.5x",
  oneRatio <= 1.5,
);
row(
  `One-to-${FANOUT} fan-out, last recipient p99 (ms)`,
  fmt(pick(velvetRounds, "fanP99")),
  fmt(pick(baselineRounds, "fanP99")),
  fmt(fanRatio),
  "≤ 1.2x",
  fanRatio <= 1.2,
);
baseline.stop();
await velvet.stop();

// Redis: publish on A, subscriber on B, against publish and subscribe on one process, same run.
if (process.env.REDIS_URL !== "") {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/0";
  const prefix = `velvet-bench-${randomBytes(3).toString("hex")}:`;
  const a = await startVelvet({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
  const b = await startVelvet({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
  const single = [];
  const across = [];
  for (let round = 0; round < ROUNDS; round++) {
    const local = startClients();
    await local.connect(a.url, 1, "redis-local", a.protocol);
    single.push(median(await measure(a, local, "redis-local", 300, 3)));
    local.stop();
    const remote = startClients();
    await remote.connect(b.url, 1, "redis-remote", b.protocol);
    across.push(median(await measure(b, remote, "redis-remote", 300, 3, a)));
    remote.stop();
  }
  const added = median(across) - median(single);
  row(
    "Added by Redis between two processes, p50 (ms)",
    fmt(median(across)),
    fmt(median(single)),
    `+${fmt(added)} ms`,
    "≤ +1 ms",
    added <= 1,
  );
  await a.stop();
  await b.stop();
}

const lines = [
  "| Figure | Velvet | Baseline | Ratio | Target | Meets |",
  "|---|---|---|---|---|---|",
  ...rows.map(
    (r) => `| ${r.figure} | ${r.velvet} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.meets ? "yes" : "NO"} |`,
  ),
];
process.stdout.write(`${lines.join("\n")}\n`);
process.exit(0);

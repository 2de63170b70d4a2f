// Not part of npm run bench: a CPU profile of the real server under one request's load, for finding
// where per-request time goes. node bench/api/profile-one.mjs <path> [connections] [seconds]
// Writes a .cpuprofile under $PROFILE_DIR (default /tmp) and prints the heaviest functions by self time.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureServerBuild, serverCommand } from "../../scripts/ensure-server-build.mjs";
import { BENCH_MEMBER, benchDatabaseUrl } from "../bench-database.mjs";
import { BENCH_SITE_KEY, root } from "./servers.mjs";

const [requestPath, connections = "50", seconds = "10"] = process.argv.slice(2);
const profileDir = mkdtempSync(path.join(process.env.PROFILE_DIR ?? tmpdir(), "velvet-profile-"));
const port = 3999;
await ensureServerBuild();
const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, ...serverCommand.args], {
  cwd: serverCommand.cwd,
  env: {
    ...process.env,
    // As npm run bench measures it: production mode, with secrets of its own.
    NODE_ENV: "production",
    APP_SECRET: randomBytes(32).toString("hex"),
    PUSHER_SECRET: randomBytes(16).toString("hex"),
    SMTP_URL: "smtp://127.0.0.1:9",
    LOG_LEVEL: "error",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "velvet-profile-data-")),
    DATABASE_URL: benchDatabaseUrl(),
    SEED_DEMO_DATA: "0",
    SITE_KEYS: BENCH_SITE_KEY,
    API_RATE_LIMIT: "1000000000",
    MESSAGE_RATE_LIMIT: "1000000000",
    REDIS_URL: "",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) =>
  child.stdout.on("data", (chunk) => chunk.toString().includes("is running at") && resolve()),
);
const url = `http://127.0.0.1:${port}`;
const login = await fetch(`${url}/api/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Site-Key": BENCH_SITE_KEY },
  // PROFILE_EMAIL: another seeded member (same password), such as one of the senders with credits.
  body: JSON.stringify({ email: process.env.PROFILE_EMAIL ?? BENCH_MEMBER.email, password: BENCH_MEMBER.password }),
});
const token = (await login.json()).data.access_token;
let target = requestPath;
if (target.includes("{longest}")) {
  const list = await (
    await fetch(`${url}/api/user-conversations?page=1`, {
      headers: { "X-Site-Key": BENCH_SITE_KEY, Authorization: `Bearer ${token}` },
    })
  ).json();
  target = target.replace("{longest}", list.data[0].uuid);
}
// PROFILE_SEND=1: POST a text message to the path (a conversation's messages), a fresh client_id each time.
const sending = process.env.PROFILE_SEND === "1";
const result = await autocannon({
  url: `${url}${target}`,
  ...(sending
    ? {
        method: "POST",
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, "Content-Type": "application/json" },
              body: JSON.stringify({ type: "text", text: "Profiling hello", client_id: crypto.randomUUID() }),
            }),
          },
        ],
      }
    : {}),
  connections: Number(connections),
  duration: Number(seconds),
  headers: { "X-Site-Key": BENCH_SITE_KEY, Authorization: `Bearer ${token}` },
});
process.stdout.write(`${`${result.requests.average} req/s, p50 ${result.latency.p50} ms, non-2xx ${result.non2xx}`}\n`);
child.kill("SIGINT");
await new Promise((resolve) => child.once("exit", resolve));
const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8"));
const selfTime = new Map();
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const interval = (profile.endTime - profile.startTime) / profile.samples.length;
for (const id of profile.samples) {
  const { callFrame } = byId.get(id);
  const key = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/.*node_modules\//, "nm/").replace(root, "")}:${callFrame.lineNumber}`;
  selfTime.set(key, (selfTime.get(key) ?? 0) + interval);
}
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
for (const [key, time] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 45)) {
  process.stdout.write(`${`${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`}\n`);
}
process.stdout.write(`${`profile: ${path.join(profileDir, file)}`}\n`);

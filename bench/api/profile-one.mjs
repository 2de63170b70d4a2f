// Not part of npm run bench: a CPU profile of the real server under one request's load, for finding
// where per-request time goes. node bench/api/profile-one.mjs <path | scenario name part> [connections] [seconds]
// Writes a .cpuprofile under $PROFILE_DIR (default /tmp) and prints the heaviest functions by self time.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BENCH_MEMBER, benchDatabaseUrl } from "../bench-database.mjs";
import { load, signIn } from "./load.mjs";
import { scenarios } from "./scenarios.mjs";
import { BENCH_SITE_KEY, root, startVelvet } from "./servers.mjs";

const [requestPath, connections = "50", seconds = "10"] = process.argv.slice(2);
const profileDir = mkdtempSync(path.join(process.env.PROFILE_DIR ?? tmpdir(), "velvet-profile-"));
const velvet = await startVelvet(benchDatabaseUrl(), { profileDir });
const { url } = velvet;
const login = await fetch(`${url}/api/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Site-Key": BENCH_SITE_KEY },
  // PROFILE_EMAIL: another seeded member (same password), such as one of the senders with credits.
  body: JSON.stringify({ email: process.env.PROFILE_EMAIL ?? BENCH_MEMBER.email, password: BENCH_MEMBER.password }),
});
const token = (await login.json()).data.access_token;
const headers = { "X-Site-Key": BENCH_SITE_KEY, Authorization: `Bearer ${token}` };
// A scenario of scenarios.mjs by (part of) its name, loaded as npm run bench loads it (the 50 senders of "Send").
const scenario = scenarios.find((entry) => entry.name.includes(requestPath) && !requestPath.startsWith("/"));
let request;
if (scenario) {
  ({ velvet: request } = await scenario.prepare({
    databaseUrl: benchDatabaseUrl(),
    velvetJson: async (pathname) => (await fetch(`${url}${pathname}`, { headers })).json(),
    signIn: (email) => signIn(url, email),
  }));
} else {
  let target = requestPath;
  if (target.includes("{longest}")) {
    const list = await (await fetch(`${url}/api/user-conversations?page=1`, { headers })).json();
    target = target.replace("{longest}", list.data[0].uuid);
  }
  // PROFILE_SEND=1: POST a text message to the path (a conversation's messages), a fresh client_id each time.
  request =
    process.env.PROFILE_SEND === "1"
      ? {
          path: target,
          method: "POST",
          perConnection: [
            {
              path: target,
              headers: {},
              body: () => ({ type: "text", text: "Profiling hello", client_id: crypto.randomUUID() }),
            },
          ],
        }
      : { path: target };
}
const result = await load(url, request, headers, Number(connections), Number(seconds));
process.stdout.write(`${`${result.rps} req/s, p50 ${result.p50} ms`}\n`);
await velvet.stop();
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

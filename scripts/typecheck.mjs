// `npm run typecheck`: every TypeScript project, several at once. One after another they took 107 s on a 2-core
// machine (2026-11-26: server 35 s, web 27 s, bench 27 s, shared 11 s, e2e 8 s); each tsc uses one core, so two
// queues, longest first, take about half that (CI's time). TYPECHECK_JOBS sets how many run at once.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsc = path.join(root, "node_modules/typescript/bin/tsc");
/** Longest first, so the queues end together. */
const PROJECTS = ["apps/server", "apps/web", "bench", "packages/shared", "e2e"];
// A project added to the repository and not here would go unchecked: refuse to pass without it.
const found = ["apps", "packages"]
  .flatMap((parent) => readdirSync(path.join(root, parent)).map((name) => `${parent}/${name}`))
  .concat(["e2e", "bench"])
  .filter((project) => existsSync(path.join(root, project, "tsconfig.json")));
const unlisted = found.filter((project) => !PROJECTS.includes(project));
if (unlisted.length > 0) {
  console.error(`scripts/typecheck.mjs: add ${unlisted.join(", ")} to PROJECTS`);
  process.exit(1);
}
const jobs = Math.max(1, Number(process.env.TYPECHECK_JOBS) || Math.min(2, availableParallelism()));

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-p", project], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      // Printed whole when the project ends, so two projects' errors never interleave.
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? "ok" : "FAILED"} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const waiting = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: jobs }, async () => {
    let passed = true;
    for (let project = waiting.shift(); project; project = waiting.shift()) passed = (await check(project)) && passed;
    return passed;
  }),
);
if (results.includes(false)) process.exit(1);

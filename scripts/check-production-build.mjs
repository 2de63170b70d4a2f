// Proves the README's "Running in production" steps work on a fresh checkout: copies the working
// tree (tracked and new files, nothing ignored: no node_modules, no dist, no .env) to a temporary directory,
// runs `npm ci --include=dev && npm run build` there, starts the built server as `npm start -w @velvet/server`
// does, with production settings on a fresh PostgreSQL database, and waits for GET /api/health to answer 200
// and GET / to serve the built web app. Then it stops the server with SIGTERM (which must exit cleanly) and
// removes what it made.
//
//   node scripts/check-production-build.mjs
//
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a server where a scratch database
// may be created; REDIS_URL (default redis://127.0.0.1:6379) is used with a key prefix of its own.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";

function step(message) {
  process.stdout.write(`check-production-build: ${message}\n`);
}

function run(command, args, options) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
  step(`${command} ${args.join(" ")}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The working tree as a fresh clone of it would have it. */
function copyCheckout(into) {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const target = path.join(into, file);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      copyFileSync(path.join(root, file), target);
    } catch (error) {
      // A file deleted in the working tree but not yet in the index.
      if (error.code !== "ENOENT") throw error;
    }
  }
  return files.length;
}

async function waitFor(url, until, server) {
  let last = "no answer";
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before ${url} answered`);
    try {
      const response = await fetch(url, { headers: { "X-Forwarded-Proto": "https" } });
      if (response.ok) return response;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer 200 in time (last: ${last})`);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), "velvet-production-"));
const databaseName = `velvet_production_check_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
let server;
try {
  step(`copied ${copyCheckout(workDir)} files to ${workDir}`);
  // README step 2: `npm ci --include=dev && npm run build`. SITE_KEYS is baked into the web build, so it is set here too.
  const siteKey = `check-${randomBytes(8).toString("hex")}`;
  const buildEnv = { ...process.env, NODE_ENV: "production", SITE_KEYS: siteKey };
  delete buildEnv.npm_config_workspace;
  // With NODE_ENV=production npm leaves devDependencies out; the build needs Vite (README says --include=dev).
  run("npm", ["ci", "--include=dev", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: workDir, env: buildEnv });
  run("npm", ["run", "build"], { cwd: workDir, env: buildEnv });

  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;

  // README step 1: the production settings.
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: "https://velvet.example",
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `velvet-production-check-${process.pid}:`,
    APP_SECRET: randomBytes(32).toString("hex"),
    PUSHER_SECRET: randomBytes(16).toString("hex"),
    SITE_KEYS: siteKey,
    SMTP_URL: "smtp://127.0.0.1:2525",
    MAIL_FROM: "Velvet Hearts <no-reply@velvet.example>",
    ALLOWED_ORIGINS: "https://velvet.example",
    TRUST_PROXY: "1",
    DATA_DIR: path.join(workDir, "data"),
    LOG_LEVEL: "warn",
  };
  // `npm start -w @velvet/server`, minus npm itself: the script's own command, so SIGTERM reaches the server
  // and its exit code is the server's.
  const serverDir = path.join(workDir, "apps/server");
  const startScript = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")).scripts.start;
  const [program, ...args] = startScript.split(" ");
  if (program !== "node") throw new Error(`unexpected start script: ${startScript}`);
  // The Node that the fresh install brought, as deploy/velvet@.service runs it: the project pins it (Node 24 LTS),
  // whatever Node ran npm.
  const pinnedNode = path.join(workDir, "node_modules/.bin/node");
  if (!existsSync(pinnedNode)) throw new Error("npm ci installed no pinned Node (node_modules/.bin/node)");
  step(`the server runs on the pinned Node ${execFileSync(pinnedNode, ["--version"]).toString().trim()}`);
  server = spawn(pinnedNode, args, { cwd: serverDir, env, stdio: "inherit" });
  const until = Date.now() + 90_000;
  const health = await waitFor(`http://127.0.0.1:${port}/api/health`, until, server);
  step(`GET /api/health: ${health.status} ${JSON.stringify(await health.json())}`);
  const home = await waitFor(`http://127.0.0.1:${port}/`, until, server);
  const html = await home.text();
  // The built index.html loads its hashed bundle from /assets/ (the source one loads /src/main.tsx).
  if (!/src="\/assets\/[^"]+\.js"/.test(html)) throw new Error("GET / did not serve the built web app");
  step(`GET /: ${home.status}, the built web app`);

  const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));
  server.kill("SIGTERM");
  const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("timeout"), 20_000))]);
  if (code !== 0) throw new Error(`the server did not stop cleanly on SIGTERM (${code})`);
  server = undefined;
  step("the production build starts, answers and stops: ok");
} catch (error) {
  process.stderr.write(`check-production-build: FAILED: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
  await admin.end().catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}

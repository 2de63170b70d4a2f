import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../test/server-process";

/**
 * PostgreSQL and Redis servers of the fault tests' own, on free ports, so they
 * can be stopped, killed and restarted without touching the shared servers
 * every other test uses. Built from Debian's packages: initdb and
 * pg_ctl, redis-server and pgbouncer (.ci/run installs them when missing).
 */

const run = promisify(execFile);

function postgresBinary(name: string): string {
  const versions = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  return name;
}

/** PostgreSQL refuses to run as root: as root, run its tools as the postgres user. */
function asPostgresUser(binary: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
}

export interface PrivatePostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops, stays down for `downForMs`, starts again. */
  restart(downForMs: number): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const directory = await mkdtemp(path.join(tmpdir(), "velvet-faults-pg-"));
  const dataDir = path.join(directory, "data");
  const port = await freePort();
  if (process.getuid?.() === 0) await chown(directory, ...(await postgresIds()));
  const pgCtl = (args: string[]) => {
    const [command, commandArgs] = asPostgresUser(postgresBinary("pg_ctl"), ["-D", dataDir, ...args]);
    return run(command, commandArgs, { timeout: 60_000 });
  };
  {
    const [command, args] = asPostgresUser(postgresBinary("initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--no-sync",
    ]);
    await run(command, args, { timeout: 120_000 });
  }
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => {
    await pgCtl(["-o", options, "-l", path.join(directory, "postgres.log"), "-w", "start"]);
  };
  const stop = async () => {
    await pgCtl(["-m", "fast", "-w", "stop"]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: async (downForMs) => {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downForMs));
      await start();
    },
    destroy: async () => {
      await stop().catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run("id", ["-u", "postgres"]);
  const { stdout: gid } = await run("id", ["-g", "postgres"]);
  return [Number(uid.trim()), Number(gid.trim())];
}

export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** Kills the server outright, as a crash or a lost host would. */
  kill(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk.toString();
    });
    const started = Date.now();
    while (!output.includes("Ready to accept connections")) {
      if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output}`);
      if (Date.now() - started > 20_000) throw new Error(`redis-server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, kill, destroy: kill };
}

export interface PrivatePgBouncer {
  port: number;
  /** `url` with its host and port swapped for PgBouncer's: the same database, through the pooler. */
  through(url: string): string;
  destroy(): Promise<void>;
}

/**
 * PgBouncer (Debian's package, 1.18: no prepared-statement support) in transaction pooling mode in front of a
 * PostgreSQL on `targetPort`, with few server connections so every client's statements land on changing ones.
 */
export async function startPrivatePgBouncer(targetPort: number): Promise<PrivatePgBouncer> {
  const directory = await mkdtemp(path.join(tmpdir(), "velvet-faults-pgbouncer-"));
  const port = await freePort();
  const ini = path.join(directory, "pgbouncer.ini");
  await writeFile(path.join(directory, "users.txt"), '"postgres" ""\n');
  await writeFile(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${targetPort}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(directory, "users.txt")}`,
      "pool_mode = transaction",
      "default_pool_size = 3",
      "max_client_conn = 500",
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${path.join(directory, "pgbouncer.log")}`,
      `pidfile = ${path.join(directory, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  if (process.getuid?.() === 0) {
    const [uid, gid] = await postgresIds();
    await chown(directory, uid, gid);
    for (const file of ["pgbouncer.ini", "users.txt"]) await chown(path.join(directory, file), uid, gid);
  }
  // PgBouncer refuses to run as root, like PostgreSQL.
  const [command, args] = asPostgresUser(pgBouncerBinary(), [ini]);
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const started = Date.now();
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${output}`);
    if (Date.now() - started > 20_000) throw new Error(`pgbouncer did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    through: (url) => {
      const pooled = new URL(url);
      pooled.host = `127.0.0.1:${port}`;
      return pooled.toString();
    },
    destroy: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function pgBouncerBinary(): string {
  return existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : "pgbouncer";
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

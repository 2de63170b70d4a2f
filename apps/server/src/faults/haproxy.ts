import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "../platform/paths";
import { freePort } from "../test/server-process";

export interface PrivateHaproxy {
  port: number;
  url: string;
  /** Runs a command on HAProxy's admin socket, e.g. "set server app/velvet1 state drain". */
  admin(command: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * HAProxy (Debian's package) running the repository's own deploy/haproxy.cfg, with only its addresses changed:
 * a free port instead of :80, the two processes' ports instead of 3001 and 3002, an admin socket of its own, and
 * fewer connections than production's 20,000.
 */
export async function startHaproxy(backendPorts: [number, number]): Promise<PrivateHaproxy> {
  const directory = await mkdtemp(path.join(tmpdir(), "velvet-haproxy-"));
  const port = await freePort();
  const socket = path.join(directory, "admin.sock");
  const deployed = await readFile(path.join(repoRoot, "deploy/haproxy.cfg"), "utf8");
  const replacements: Array<[string, string]> = [
    ["    bind :80\n", `    bind 127.0.0.1:${port}\n`],
    ["stats socket /run/haproxy/admin.sock", `stats socket ${socket}`],
    ["127.0.0.1:3001", `127.0.0.1:${backendPorts[0]}`],
    ["127.0.0.1:3002", `127.0.0.1:${backendPorts[1]}`],
    // 20,000 connections need twice as many file descriptors, more than a test machine's limit allows.
    ["    maxconn 20000\n", "    maxconn 4000\n"],
  ];
  let config = deployed;
  for (const [from, to] of replacements) {
    if (!config.includes(from)) throw new Error(`deploy/haproxy.cfg no longer has "${from.trim()}"`);
    config = config.replace(from, to);
  }
  const file = path.join(directory, "haproxy.cfg");
  await writeFile(file, config);
  const child: ChildProcess = spawn("haproxy", ["-f", file, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk.toString();
  });
  const admin = (command: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = createConnection(socket, () => connection.end(`${command}\n`));
      let answer = "";
      connection.on("data", (chunk) => {
        answer += chunk.toString();
      });
      connection.on("end", () => resolve(answer));
      connection.on("error", reject);
    });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    if (
      await admin("show info").then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 20_000) throw new Error(`haproxy did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    admin,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Whether HAProxy's health checks currently count the server up ("show servers state" of backend app). */
export async function serverIsUp(haproxy: PrivateHaproxy, name: string): Promise<boolean> {
  const state = await haproxy.admin("show servers state app");
  // Columns: be_id be_name srv_id srv_name srv_addr srv_op_state ...; op state 2 is running.
  const line = state.split("\n").find((row) => row.split(" ")[3] === name);
  return line?.split(" ")[5] === "2";
}

import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { secretsIn } from "./log-secrets";

/**
 * Vitest global setup of the server project: every test server appends its log
 * to a file in one directory (support.ts), and after the whole run the directory
 * is scanned for tokens, passwords, reset links and signatures. A
 * secret in any log fails the run.
 */
export async function setup() {
  // Both server projects (server, server-isolated) name this setup: the first one's directory serves the run.
  if (process.env.VELVET_TEST_LOG_DIR) return;
  const directory = await mkdtemp(path.join(tmpdir(), "velvet-test-logs-"));
  // Workers are started after global setup, so they inherit it.
  process.env.VELVET_TEST_LOG_DIR = directory;
  return async () => {
    const findings: string[] = [];
    let bytes = 0;
    for (const file of await readdir(directory)) {
      const log = await readFile(path.join(directory, file), "utf8");
      bytes += log.length;
      findings.push(...secretsIn(log));
    }
    await rm(directory, { recursive: true, force: true });
    if (findings.length > 0) {
      throw new Error(`Secrets in the test run's server logs:\n${findings.slice(0, 20).join("\n")}`);
    }
    process.stdout.write(`Server logs scanned for secrets: ${bytes} bytes, none found.\n`);
  };
}

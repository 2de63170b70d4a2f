// Loaded into the server with `node --import` by count-statements.mjs (never by the app): counts every statement
// the server sends through `pg`, by its prepared name or the start of its text. SIGUSR1 writes the counts so far
// to STATEMENT_COUNT_FILE and starts counting afresh.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// The server's own copy of pg (it runs in apps/server), the very module its bundle imports.
const pg = createRequire(path.join(process.cwd(), "package.json"))("pg");
let counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const name = typeof config === "object" ? config?.name : undefined;
  const text = typeof config === "string" ? config : (config?.text ?? "?");
  const key = name ? `prepared ${name}` : text.replace(/\s+/g, " ").trim().slice(0, 110);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return query.call(this, config, ...rest);
};
process.on("SIGUSR1", () => {
  writeFileSync(process.env.STATEMENT_COUNT_FILE, JSON.stringify([...counts]));
  counts = new Map();
});

// npm run ledger:check: the books must balance (books-check.ts says what that means). Exits 1 on any difference.
// With the embedded database, stop the server first (it holds the data dir).
import { loadConfig } from "../../platform/config";
import { openDatabase } from "../../platform/db/client";
import { loadEnvFile } from "../../platform/load-env-file";
import { checkBooks } from "./books-check";

loadEnvFile();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  directUrl: config.databaseDirectUrl,
  preparedStatements: config.databasePreparedStatements,
  dataDir: config.dataDir,
});
try {
  const report = await checkBooks(database.db);
  for (const line of report.passed) process.stdout.write(`ledger:check: ${line}\n`);
  for (const line of report.problems) process.stderr.write(`ledger:check: ${line}\n`);
  if (report.problems.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}

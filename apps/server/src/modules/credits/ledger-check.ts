// npm run ledger:check: every member's stored balance must equal the sum of
// their ledger rows (and never be negative). Exits 1 on any difference.
// With the embedded database, stop the server first (it holds the data dir).
import { loadConfig } from "../../platform/config";
import { openDatabase } from "../../platform/db/client";
import { loadEnvFile } from "../../platform/load-env-file";
import { findLedgerMismatches } from "./ledger";

loadEnvFile();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const mismatches = await findLedgerMismatches(database.db);
  if (mismatches.length === 0) {
    process.stdout.write("ledger:check: every balance equals the sum of its ledger rows\n");
  } else {
    for (const row of mismatches) {
      process.stderr.write(
        `ledger:check: ${row.username} (#${row.userId}) balance ${row.balance} != ledger ${row.ledgerSum}\n`,
      );
    }
    process.exitCode = 1;
  }
} finally {
  await database.close();
}

// npm run ledger:check: every member's stored balance must equal the sum of
// their ledger rows (and never be negative), and every payment's ledger rows
// must match its state: a paid payment credited exactly once, a refund taken
// back once. Exits 1 on any difference.
// With the embedded database, stop the server first (it holds the data dir).
import { loadConfig } from "../../platform/config";
import { openDatabase } from "../../platform/db/client";
import { loadEnvFile } from "../../platform/load-env-file";
import { findPaymentMismatches } from "../payments/payment-check";
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
  const payments = await findPaymentMismatches(database.db);
  if (payments.length === 0) {
    process.stdout.write("ledger:check: every paid payment is credited once and every refund taken back once\n");
  } else {
    for (const row of payments) {
      process.stderr.write(
        `ledger:check: payment ${row.paymentId} (${row.status}, member #${row.userId}) owes ${row.owed}, ` +
          `credited ${row.credited}, taken back ${row.takenBack}, short ${row.short}\n`,
      );
    }
    process.exitCode = 1;
  }
} finally {
  await database.close();
}

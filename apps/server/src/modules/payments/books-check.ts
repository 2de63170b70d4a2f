import type { Db } from "../../platform/db/client";
import { findLedgerMismatches } from "../ledger";
import { findPaymentMismatches, findStrayPaymentRows } from "./payment-check";

export interface BooksReport {
  /** What holds, one line each (printed to stdout). */
  passed: string[];
  /** Every difference found, one line each (printed to stderr); none when the books are right. */
  problems: string[];
}

/**
 * What `npm run ledger:check` proves: every balance equals the sum of its ledger rows and is not negative;
 * every payment's ledger rows match its state (payment-check.ts); no ledger row names a payment that does not
 * exist or with a reason no payment writes.
 */
export async function checkBooks(db: Db): Promise<BooksReport> {
  const report: BooksReport = { passed: [], problems: [] };
  const balances = await findLedgerMismatches(db);
  if (balances.length === 0) report.passed.push("every balance equals the sum of its ledger rows");
  for (const row of balances) {
    report.problems.push(`${row.username} (#${row.userId}) balance ${row.balance} != ledger ${row.ledgerSum}`);
  }
  const payments = await findPaymentMismatches(db);
  if (payments.length === 0) {
    report.passed.push(
      "every paid payment is credited once and every refund taken back once " +
        "(chargebacks too: one reversal row plus any recorded shortfall, and a flag)",
    );
  }
  for (const row of payments) {
    report.problems.push(
      `payment ${row.paymentId} (${row.status}, member #${row.userId}) owes ${row.owed}, ` +
        `credited ${row.credited}, taken back ${row.takenBack}, short ${row.short}: ${row.problems.join("; ")}`,
    );
  }
  const strays = await findStrayPaymentRows(db);
  if (strays.length === 0) report.passed.push("every ledger row that names a payment belongs to it");
  for (const row of strays) {
    report.problems.push(
      `ledger row #${row.ledgerId} (${row.reason}, member #${row.userId}) names ${row.reference}, which wrote no such row`,
    );
  }
  return report;
}

// The ledger module's public surface: other modules and the app's wiring import only this file.
export { addCredits, findLedgerMismatches, paymentReference, spendCredits, takeBackCredits } from "./ledger";

// The payments module's public surface: other modules and the app's wiring import only this file.
export { openAccountFlags } from "./account-flags";
export { presentAdminPayment } from "./admin-presenter";
export { checkBooks } from "./books-check";
export { PASS_EXPIRY_JOB, PassExpiryWatcher, SCAN_EVERY_MS } from "./pass-expiry";
export { findPaymentMismatches } from "./payment-check";
export { settlementRefundJob } from "./refund-service";
export { claimReturnLink, readCheckoutCookie } from "./return-link";
export { ownOrigin, paymentRoutes } from "./routes";
export { SETTLEMENT_REFUND_JOB } from "./settlement";
export { TEST_GATEWAY_NOTIFY_JOB, testGatewayNotifier } from "./test-gateway/notifier";
export { TEST_GATEWAY_NAME } from "./test-gateway/test-gateway";

import type { AppContext } from "../../platform/app-context";
import type { PaymentGateway } from "./gateway";
import { queueTestGatewayNotification } from "./test-gateway/notifier";
import { TestGateway } from "./test-gateway/test-gateway";
import { TrustPayGateway } from "./trustpay/trustpay-gateway";
import { findTrustPayPaymentId } from "./trustpay/webhook";

/**
 * The provider PAYMENT_GATEWAY names, or undefined when payments are disabled. Gateways keep no state of their
 * own, so the routes and the settlement refund job each make theirs.
 */
export function configuredGateway(context: AppContext): PaymentGateway | undefined {
  if (context.config.payments.gateway === "test") {
    // Its notifications are jobs (TEST_GATEWAY_NOTIFY_JOB, registered in background-jobs.ts).
    return new TestGateway(context.config, (body) => queueTestGatewayNotification(context, body));
  }
  if (context.config.payments.gateway === "trustpay") {
    return new TrustPayGateway(context.config, {
      findTrustPayPaymentId: (paymentId) => findTrustPayPaymentId(context, paymentId),
    });
  }
  return undefined;
}

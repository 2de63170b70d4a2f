import { z } from "zod";

/**
 * The payment part of the configuration (PAYMENT_GATEWAY, PAYMENT_*, TRUSTPAY_*), kept beside config.ts so the
 * money settings and the rules that guard them read in one place.
 */
export const DEVELOPMENT_PAYMENT_WEBHOOK_SECRET = "development-payment-webhook-secret";
/** TrustPay's card API (refunds), see docs/payments.md. */
const TRUSTPAY_PRODUCTION_API_URL = "https://tpgw.trustpay.eu";
/** TrustPay's hosted card payment page (Merchant API v5). */
const TRUSTPAY_PRODUCTION_PAYMENT_PAGE_URL = "https://amapi.trustpay.eu/mapi5/Card/PayPopup";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/** The payment variables, spread into the environment schema of config.ts. */
export const paymentsEnvShape = {
  PAYMENT_GATEWAY: optionalString.pipe(z.enum(["test", "trustpay", "disabled"]).optional()),
  TRUSTPAY_PROJECT_ID: optionalString,
  TRUSTPAY_SECRET_KEY: optionalString,
  TRUSTPAY_API_KEY: optionalString,
  TRUSTPAY_API_URL: optionalString.pipe(z.string().url().default(TRUSTPAY_PRODUCTION_API_URL)),
  TRUSTPAY_PAYMENT_PAGE_URL: optionalString.pipe(z.string().url().default(TRUSTPAY_PRODUCTION_PAYMENT_PAGE_URL)),
  PAYMENT_WEBHOOK_SECRET: z.string().default(DEVELOPMENT_PAYMENT_WEBHOOK_SECRET),
  PAYMENT_NOTIFY_RETRY_MS: z.coerce.number().int().min(1).default(1_000),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsEnvShape>>;

export interface PaymentsConfig {
  /** test: the built-in test gateway (never in production); trustpay: TrustPay cards; disabled: no purchases. */
  gateway: "test" | "trustpay" | "disabled";
  /** Shared with the gateway: signs its server-to-server notifications (the webhook's only credential). */
  webhookSecret: string;
  /** The test gateway's first retry delay; each further attempt waits twice as long. */
  notifyRetryBaseMs: number;
  /** TrustPay's credentials and addresses (PAYMENT_GATEWAY=trustpay); empty strings when not configured. */
  trustpay: {
    /** TRUSTPAY_PROJECT_ID: the AccountId of the hosted payment page. */
    projectId: string;
    /** TRUSTPAY_SECRET_KEY: signs the payment page request and TrustPay's notifications. */
    secretKey: string;
    /** TRUSTPAY_API_KEY: the X-API-KEY of the card API (refunds). */
    apiKey: string;
    apiUrl: string;
    paymentPageUrl: string;
  };
}

/** Without a gateway named, a developer's machine gets the test gateway and anywhere else sells nothing. */
export function paymentsConfigFrom(env: PaymentsEnv, developmentFeatures: boolean): PaymentsConfig {
  return {
    gateway: env.PAYMENT_GATEWAY ?? (developmentFeatures ? "test" : "disabled"),
    webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    notifyRetryBaseMs: env.PAYMENT_NOTIFY_RETRY_MS,
    trustpay: {
      projectId: env.TRUSTPAY_PROJECT_ID ?? "",
      secretKey: env.TRUSTPAY_SECRET_KEY ?? "",
      apiKey: env.TRUSTPAY_API_KEY ?? "",
      apiUrl: env.TRUSTPAY_API_URL.replace(/\/+$/, ""),
      paymentPageUrl: env.TRUSTPAY_PAYMENT_PAGE_URL,
    },
  };
}

/**
 * Why these payment settings must not start, in any environment: the test gateway approves any payment at a click
 * (outside a developer's machine it hands out credits for free), and half a TrustPay configuration fails at the
 * first purchase or notification.
 */
export function paymentsStartProblem(payments: PaymentsConfig, developmentFeatures: boolean): string | undefined {
  if (payments.gateway === "test" && !developmentFeatures) {
    return "PAYMENT_GATEWAY=test is for development only (NODE_ENV not production and APP_URL on localhost)";
  }
  if (payments.gateway === "trustpay") {
    const missing = missingTrustPayVariables(payments);
    if (missing.length > 0) return `PAYMENT_GATEWAY=trustpay needs ${missing.join(", ")}`;
  }
  return undefined;
}

/** What production additionally refuses in the payment settings. */
export function paymentsProductionProblems(payments: PaymentsConfig): string[] {
  const problems: string[] = [];
  if (payments.gateway === "trustpay" && !payments.trustpay.apiUrl.startsWith("https://")) {
    problems.push("TRUSTPAY_API_URL must be TrustPay's https:// address");
  }
  // TrustPay signs with TRUSTPAY_SECRET_KEY (checked at start for every environment); others use this secret.
  if (
    !["disabled", "trustpay"].includes(payments.gateway) &&
    (payments.webhookSecret === DEVELOPMENT_PAYMENT_WEBHOOK_SECRET || payments.webhookSecret.length < 32)
  ) {
    problems.push("PAYMENT_WEBHOOK_SECRET must be set to the gateway's signing secret (at least 32 characters)");
  }
  return problems;
}

/** The TRUSTPAY_* credentials PAYMENT_GATEWAY=trustpay needs and does not have. */
function missingTrustPayVariables(payments: PaymentsConfig): string[] {
  const { projectId, secretKey, apiKey } = payments.trustpay;
  const missing: string[] = [];
  if (!/^\d{1,20}$/.test(projectId)) missing.push("TRUSTPAY_PROJECT_ID (the numeric project id)");
  if (!secretKey) missing.push("TRUSTPAY_SECRET_KEY");
  if (!apiKey) missing.push("TRUSTPAY_API_KEY");
  return missing;
}

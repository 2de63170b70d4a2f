import path from "node:path";
import { botCheckModes, type TBotCheckMode } from "@velvet/shared/api/bot-check";
import { company } from "@velvet/shared/content/company";
import { z } from "zod";
import { repoRoot } from "./paths";
import {
  type PaymentsConfig,
  paymentsConfigFrom,
  paymentsEnvShape,
  paymentsProductionProblems,
  paymentsStartProblem,
} from "./payments-config";
import { type StorageConfig, storageConfigFrom, storageEnvShape, storageStartProblem } from "./storage-config";
import { parseTrustProxy, type TrustProxy, TrustProxyError, trustProxyHelp } from "./trust-proxy";

/**
 * Every environment variable the server reads, validated once. Defaults make
 * `npm start` work on a fresh clone; `assertProductionSafe` refuses to run
 * production with any of the development secrets below.
 */
const DEVELOPMENT_SITE_KEY = "dev-site-key-0f4c2a9e";
const DEVELOPMENT_APP_SECRET = "development-app-secret-change-me-in-production";
const DEVELOPMENT_PUSHER_SECRET = "development-pusher-secret";

/**
 * Set by vitest.config.ts for the test suite: argon2 at its minimum cost (modules/auth/passwords.ts). Not a setting
 * of the server: loadConfig refuses it outside NODE_ENV=test, and it is not in .env.example.
 */
export const TEST_PASSWORD_HASH_VARIABLE = "VELVET_TEST_MINIMUM_PASSWORD_COST";

/**
 * Set only where a test runs the fake push service on 127.0.0.1 (modules/push/push.test.ts, e2e/server-process.ts):
 * pushes may then go to this machine's loopback address (modules/push/policy.ts). Not a setting of the server:
 * loadConfig refuses it in production, and it is not in .env.example.
 */
export const TEST_LOCAL_PUSH_SERVICE_VARIABLE = "VELVET_TEST_LOCAL_PUSH_SERVICE";

const boolFlag = z
  .string()
  .optional()
  .transform((value) => value === "1" || value === "true");
/** A switch that is on unless set to something other than "1" or "true". */
const onUnlessOff = z
  .string()
  .default("1")
  .transform((value) => value === "1" || value === "true");
const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    );
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalPort = z
  .string()
  .optional()
  .transform((value) => (value ? Number(value) : undefined))
  .pipe(z.number().int().min(1).max(65535).optional());

const ZEnvSchema = z.object({
  // Unset is told apart from "development": a public APP_URL without NODE_ENV refuses to start.
  NODE_ENV: optionalString.pipe(z.enum(["development", "production", "test"]).optional()),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: optionalString.pipe(z.string().url().optional()),
  API_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  DATABASE_DIRECT_URL: optionalString,
  DATABASE_PREPARED_STATEMENTS: onUnlessOff,
  REDIS_URL: optionalString,
  REDIS_KEY_PREFIX: z.string().default("velvet:"),
  SITE_NAME: z.string().default("Velvet Hearts"),
  SITE_KEYS: list(DEVELOPMENT_SITE_KEY),
  SITE_TIMEZONE: z.string().default("Australia/Sydney"),
  SEASONAL_PROMOTIONS: onUnlessOff,
  // The seller printed on receipts; the defaults are the operating company of the legal pages.
  SITE_LEGAL_NAME: z.string().min(1).default(company.legalName),
  SITE_LEGAL_ADDRESS: z.string().min(1).default(company.address),
  SITE_TAX_ID: z.string().default(""),
  SUPPORT_EMAIL: z.string().email().default("support@velvethearts.example"),
  ALLOWED_ORIGINS: list("http://localhost:3000,http://localhost:5173"),
  MAINTENANCE: boolFlag,
  APP_SECRET: z.string().default(DEVELOPMENT_APP_SECRET),
  PUSHER_APP_ID: z.string().default("velvet"),
  PUSHER_KEY: z.string().default("velvet-key"),
  PUSHER_SECRET: z.string().default(DEVELOPMENT_PUSHER_SECRET),
  PUSHER_CLUSTER: z.string().default("eu"),
  BROADCAST_DRIVER: z.enum(["embedded", "pusher"]).default("embedded"),
  PUSHER_HOST: optionalString,
  PUSHER_PORT: optionalPort,
  PUSHER_USE_TLS: boolFlag,
  PUSHER_ENCRYPTION_MASTER_KEY: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || Buffer.from(value, "base64").length === 32, {
      message: "must be 32 bytes, base64-encoded",
    }),
  REALTIME_PUBLIC_HOST: optionalString,
  REALTIME_PUBLIC_PORT: optionalPort,
  // How long a presence entry outlives its process (a killed one cannot say goodbye); tests shorten it.
  REALTIME_PRESENCE_TTL_MS: z.coerce.number().int().min(1_000).default(15_000),
  // Per address (an IPv6 /64) and process: open real-time connections, and WebSocket upgrades per 10 seconds.
  REALTIME_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(50),
  REALTIME_UPGRADES_PER_IP_PER_10S: z.coerce.number().int().min(1).default(30),
  BOT_CHECK: optionalString.pipe(z.enum(botCheckModes).optional()),
  CAPTCHA_SITE_KEY: z.string().default(""),
  CAPTCHA_SECRET: z.string().default(""),
  CAPTCHA_VERIFY_URL: z.string().default("https://hcaptcha.com/siteverify"),
  BOT_CHECK_SITE_KEY: z.string().default(""),
  BOT_CHECK_SECRET: z.string().default(""),
  BOT_CHECK_VERIFY_URL: z.string().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Velvet Hearts <no-reply@velvethearts.example>"),
  // Web Push (VAPID): without a key pair the server makes one once and keeps it in the database.
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  DEMO_MEMBER_EMAIL: z.string().email().default("demo@velvethearts.example"),
  DEMO_MEMBER_PASSWORD: z.string().default("demo-password-2026"),
  DEMO_ADMIN_EMAIL: z.string().email().default("admin@velvethearts.example"),
  DEMO_ADMIN_PASSWORD: z.string().default("admin-password-2026"),
  DEMO_OPERATOR_EMAIL: z.string().email().default("operator@velvethearts.example"),
  DEMO_OPERATOR_PASSWORD: z.string().default("operator-password-2026"),
  PHOTO_AUTO_APPROVE: optionalString.transform((value) =>
    value === undefined ? undefined : value === "1" || value === "true",
  ),
  SEED_DEMO_DATA: onUnlessOff,
  WELCOME_CREDITS: z.coerce.number().int().min(0).default(10),
  MESSAGE_PRICE_TEXT: z.coerce.number().int().min(0).default(1),
  MESSAGE_PRICE_IMAGE: z.coerce.number().int().min(0).default(2),
  MESSAGE_PRICE_WINK: z.coerce.number().int().min(0).default(0),
  MESSAGE_PRICE_LIKE: z.coerce.number().int().min(0).default(0),
  ...paymentsEnvShape,
  ...storageEnvShape,
  JOB_RETRY_MS: z.coerce.number().int().min(1).default(5_000),
  TRIGGER_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  TRIGGER_DAILY_LIMIT: z.coerce.number().int().min(0).default(3),
  DAILY_LIKE_WINK_LIMIT: z.coerce.number().int().min(1).default(200),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: optionalString.transform((value, context) => {
    try {
      return { explicit: value !== undefined, trust: parseTrustProxy(value) };
    } catch (error) {
      const reason = error instanceof TrustProxyError ? error.message : String(error);
      context.addIssue({ code: "custom", message: `${reason}; ${trustProxyHelp}` });
      return z.NEVER;
    }
  }),
});

export type Env = z.infer<typeof ZEnvSchema>;

export interface AppConfig {
  env: "development" | "production" | "test";
  isProduction: boolean;
  /**
   * Development mode: demo data, the test payment gateway and /dev/mail. Only outside production AND with
   * APP_URL on this machine (or unset), so a deployment that forgot NODE_ENV does not hand them out.
   */
  developmentFeatures: boolean;
  host: string;
  port: number;
  appUrl: string;
  apiUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself when DATABASE_URL goes through PgBouncer in transaction pooling; the
   * migrations' session advisory lock needs a connection of its own for the whole run (docs/deployment.md).
   */
  databaseDirectUrl: string | undefined;
  /** DATABASE_PREPARED_STATEMENTS=0: no named prepared statements (PgBouncer before 1.21 cannot keep them). */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several sites (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  siteName: string;
  siteKeys: string[];
  siteTimezone: string;
  /** Plant the seasonal promotion calendar at start (a year without promotions gets its events). */
  seasonalPromotions: boolean;
  /** The seller on receipts: legal name, address and (when registered) its GST / tax number. */
  seller: { legalName: string; address: string; taxId: string | undefined };
  supportEmail: string;
  allowedOrigins: string[];
  maintenance: boolean;
  appSecret: string;
  pusher: {
    appId: string;
    key: string;
    secret: string;
    cluster: string;
    /** embedded: this server; pusher: an external Pusher-compatible service through the official library. */
    driver: "embedded" | "pusher";
    host: string | undefined;
    port: number | undefined;
    useTLS: boolean;
    /** Base64 of 32 bytes; enables private-encrypted- channels. */
    encryptionMasterKey: string | undefined;
  };
  realtimePublic: { host: string | undefined; port: number | undefined };
  /** A presence entry (and socket key) lives this long unless its process refreshes it, every third of it. */
  realtimePresenceTtlMs: number;
  /**
   * Per client address (an IPv6 address's /64), on each process: open real-time connections (`perAddress`)
   * and WebSocket upgrades started per 10 seconds (`upgradesPerWindow`); past either the socket is closed with 4100.
   */
  realtimeConnectionLimits: { perAddress: number; upgradesPerWindow: number };
  /**
   * What guards registration, guest reports, support tickets and reset requests:
   * altcha (the built-in proof of work), external (the captcha providers below) or off.
   */
  botCheckMode: TBotCheckMode;
  captcha: { siteKey: string; secret: string; verifyUrl: string };
  botCheck: { siteKey: string; secret: string; verifyUrl: string };
  mail: { smtpUrl: string | undefined; from: string };
  /** Web Push signing (VAPID); keys unset: generated once and stored (modules/push/vapid.ts). Subject: a mailto: or https: URL. */
  push: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    vapidSubject: string | undefined;
    /** The test suites' fake push service on 127.0.0.1 may be subscribed and pushed to (never in production). */
    localServiceForTests: boolean;
  };
  /** The jobs queue's first retry delay (mail while SMTP is down); each further one waits twice as long, up to an hour. */
  jobRetryBaseMs: number;
  demo: {
    memberEmail: string;
    memberPassword: string;
    adminEmail: string;
    adminPassword: string;
    operatorEmail: string;
    operatorPassword: string;
  };
  /** Until photo moderation exists, new photos can be approved on upload. */
  photoAutoApprove: boolean;
  /** Seed the demo data into an empty database at start (development mode only). */
  seedDemoData: boolean;
  /** Credits given once when a member verifies their email. */
  welcomeCredits: number;
  /** Message prices written to the database when it has none yet; admins edit them there afterwards. */
  initialMessagePrices: { text: number; image: number; wink: number; like: number };
  payments: PaymentsConfig;
  /** Where uploads live (storage-config.ts). */
  storage: StorageConfig;
  triggers: {
    /** How often the trigger job looks for members to write to; 0 turns it off (tests run it by hand). */
    intervalMs: number;
    /** At most this many trigger messages reach one member in any 24 hours, all triggers together. */
    dailyLimitPerMember: number;
  };
  /** Likes and winks together one member may give per site day (each notifies someone: a script must not spam). */
  dailyLikeWinkLimit: number;
  logLevel: Env["LOG_LEVEL"];
  apiRateLimitPerMinute: number;
  /** Messages a member may send per minute. */
  messageRateLimitPerMinute: number;
  /** Registration attempts per IP per hour. */
  registerRateLimit: number;
  bodyLimitBytes: number;
  /** Which hops of X-Forwarded-For to believe (see trust-proxy.ts). */
  trustProxy: TrustProxy;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join("; ")}`);
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  if (env.NODE_ENV === undefined && !isLocalUrl(appUrl)) {
    throw new ConfigError(
      `Refusing to start: APP_URL (${appUrl}) is a public address but NODE_ENV is not set. ` +
        "Set NODE_ENV=production for the public site.",
    );
  }
  const nodeEnv = env.NODE_ENV ?? "development";
  // The test suite's cheap password hashing (auth/passwords.ts) must never weaken a real deployment's hashes.
  if (source[TEST_PASSWORD_HASH_VARIABLE] && nodeEnv !== "test") {
    throw new ConfigError(
      `Refusing to start: ${TEST_PASSWORD_HASH_VARIABLE} lowers password hashing for the test suite and is refused outside NODE_ENV=test`,
    );
  }
  // Half a key pair would sign pushes no browser accepts: both, or neither (then one is generated and stored).
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError("Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all");
  }
  const isProduction = nodeEnv === "production";
  // The server would otherwise POST to whatever a member's subscription names on its own machine.
  const localPushServiceForTests = source[TEST_LOCAL_PUSH_SERVICE_VARIABLE] === "1";
  if (localPushServiceForTests && isProduction) {
    throw new ConfigError(
      `Refusing to start: ${TEST_LOCAL_PUSH_SERVICE_VARIABLE} lets pushes go to this machine and is refused in production`,
    );
  }
  const developmentFeatures = !isProduction && isLocalUrl(appUrl);
  const config: AppConfig = {
    env: nodeEnv,
    isProduction,
    developmentFeatures,
    host: env.HOST,
    port: env.PORT,
    appUrl,
    apiUrl: (env.API_URL ?? `${appUrl}/api`).replace(/\/+$/, ""),
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_DIRECT_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    siteName: env.SITE_NAME,
    siteKeys: env.SITE_KEYS,
    siteTimezone: env.SITE_TIMEZONE,
    seasonalPromotions: env.SEASONAL_PROMOTIONS,
    seller: { legalName: env.SITE_LEGAL_NAME, address: env.SITE_LEGAL_ADDRESS, taxId: env.SITE_TAX_ID || undefined },
    supportEmail: env.SUPPORT_EMAIL,
    allowedOrigins: env.ALLOWED_ORIGINS,
    maintenance: env.MAINTENANCE,
    appSecret: env.APP_SECRET,
    pusher: {
      appId: env.PUSHER_APP_ID,
      key: env.PUSHER_KEY,
      secret: env.PUSHER_SECRET,
      cluster: env.PUSHER_CLUSTER,
      driver: env.BROADCAST_DRIVER,
      host: env.PUSHER_HOST,
      port: env.PUSHER_PORT,
      useTLS: env.PUSHER_USE_TLS,
      encryptionMasterKey: env.PUSHER_ENCRYPTION_MASTER_KEY,
    },
    realtimePublic: { host: env.REALTIME_PUBLIC_HOST, port: env.REALTIME_PUBLIC_PORT },
    realtimePresenceTtlMs: env.REALTIME_PRESENCE_TTL_MS,
    realtimeConnectionLimits: {
      perAddress: env.REALTIME_MAX_CONNECTIONS_PER_IP,
      upgradesPerWindow: env.REALTIME_UPGRADES_PER_IP_PER_10S,
    },
    botCheckMode: resolveBotCheckMode(env),
    captcha: { siteKey: env.CAPTCHA_SITE_KEY, secret: env.CAPTCHA_SECRET, verifyUrl: env.CAPTCHA_VERIFY_URL },
    botCheck: { siteKey: env.BOT_CHECK_SITE_KEY, secret: env.BOT_CHECK_SECRET, verifyUrl: env.BOT_CHECK_VERIFY_URL },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT,
      localServiceForTests: localPushServiceForTests,
    },
    jobRetryBaseMs: env.JOB_RETRY_MS,
    demo: {
      memberEmail: env.DEMO_MEMBER_EMAIL,
      memberPassword: env.DEMO_MEMBER_PASSWORD,
      adminEmail: env.DEMO_ADMIN_EMAIL,
      adminPassword: env.DEMO_ADMIN_PASSWORD,
      operatorEmail: env.DEMO_OPERATOR_EMAIL,
      operatorPassword: env.DEMO_OPERATOR_PASSWORD,
    },
    // In production new photos wait for a moderator unless the operator says otherwise.
    photoAutoApprove: env.PHOTO_AUTO_APPROVE ?? !isProduction,
    seedDemoData: developmentFeatures && env.SEED_DEMO_DATA,
    welcomeCredits: env.WELCOME_CREDITS,
    initialMessagePrices: {
      text: env.MESSAGE_PRICE_TEXT,
      image: env.MESSAGE_PRICE_IMAGE,
      wink: env.MESSAGE_PRICE_WINK,
      like: env.MESSAGE_PRICE_LIKE,
    },
    payments: paymentsConfigFrom(env, developmentFeatures),
    storage: storageConfigFrom(env),
    triggers: {
      intervalMs: env.TRIGGER_INTERVAL_SECONDS * 1000,
      dailyLimitPerMember: env.TRIGGER_DAILY_LIMIT,
    },
    dailyLikeWinkLimit: env.DAILY_LIKE_WINK_LIMIT,
    logLevel: env.LOG_LEVEL,
    apiRateLimitPerMinute: env.API_RATE_LIMIT,
    messageRateLimitPerMinute: env.MESSAGE_RATE_LIMIT,
    registerRateLimit: env.REGISTER_RATE_LIMIT,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY.trust,
  };
  const paymentsProblem = paymentsStartProblem(config.payments, developmentFeatures);
  if (paymentsProblem) throw new ConfigError(`Refusing to start: ${paymentsProblem}`);
  const storageProblem = storageStartProblem(config.storage);
  if (storageProblem) throw new ConfigError(`Refusing to start: ${storageProblem}`);
  // The repository's secrets sign channels and sessions: anyone who read the code could use them. Whatever
  // NODE_ENV says, only a developer's own machine may run with them.
  if (!isLocalUrl(config.appUrl)) {
    const published = developmentSecretProblems(config);
    if (published.length > 0) {
      throw new ConfigError(
        `Refusing to start: APP_URL (${config.appUrl}) is not this machine, so the development secrets published in this repository must not be used: ${published.join("; ")}`,
      );
    }
  }
  if (config.isProduction) {
    assertProductionSafe(config, {
      allowedOriginsSet: Boolean(source.ALLOWED_ORIGINS?.trim()),
      trustProxySet: env.TRUST_PROXY.explicit,
    });
  }
  return config;
}

/**
 * BOT_CHECK when set; otherwise a configuration that already names an external
 * provider's secret keeps using it (as before BOT_CHECK existed), and any other
 * gets the built-in proof of work.
 */
function resolveBotCheckMode(env: Env): TBotCheckMode {
  const externalConfigured = Boolean(env.CAPTCHA_SECRET || env.BOT_CHECK_SECRET);
  const mode = env.BOT_CHECK ?? (externalConfigured ? "external" : "altcha");
  if (mode === "external" && !externalConfigured) {
    throw new ConfigError("Invalid environment: BOT_CHECK=external needs CAPTCHA_SECRET or BOT_CHECK_SECRET");
  }
  return mode;
}

/** Whether a URL points at this machine: a developer's own browser, never a public site. */
function isLocalUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** Each secret still set to (or as weak as) the development value this repository publishes, by its variable. */
function developmentSecretProblems(config: AppConfig): string[] {
  const problems: string[] = [];
  if (config.appSecret === DEVELOPMENT_APP_SECRET || config.appSecret.length < 32) {
    problems.push("APP_SECRET must be set to a random value of at least 32 characters");
  }
  if (config.pusher.secret === DEVELOPMENT_PUSHER_SECRET || config.pusher.secret.length < 16) {
    problems.push("PUSHER_SECRET must be set to a random value of at least 16 characters");
  }
  if (config.siteKeys.length === 0 || config.siteKeys.includes(DEVELOPMENT_SITE_KEY)) {
    problems.push("SITE_KEYS must not contain the development key");
  }
  return problems;
}

/**
 * Production must never run with a secret that is published in this repository, nor on a default that
 * only suits a developer's machine (plain http, localhost origins, a guess about proxies).
 */
function assertProductionSafe(
  config: AppConfig,
  explicit: { allowedOriginsSet: boolean; trustProxySet: boolean },
): void {
  const problems: string[] = [];
  if (!config.appUrl.startsWith("https://")) problems.push("APP_URL must be the site's public https:// URL");
  if (!explicit.allowedOriginsSet) problems.push("ALLOWED_ORIGINS must list the site's origins");
  if (!explicit.trustProxySet) {
    problems.push("TRUST_PROXY must be set: the number of proxies in front (e.g. 1), their addresses, or 0 for none");
  }
  problems.push(...developmentSecretProblems(config));
  if (!config.databaseUrl) problems.push("DATABASE_URL must point at a PostgreSQL server");
  if (!config.mail.smtpUrl) problems.push("SMTP_URL must be set so mail is delivered");
  problems.push(...paymentsProductionProblems(config.payments));
  if (problems.length > 0) throw new ConfigError(`Refusing to start in production: ${problems.join("; ")}`);
}

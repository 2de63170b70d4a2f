import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PASSWORD_HASH_OPTIONS, passwordHashOptions } from "../modules/auth/passwords";
import { ConfigError, loadConfig, TEST_LOCAL_PUSH_SERVICE_VARIABLE, TEST_PASSWORD_HASH_VARIABLE } from "./config";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const productionBasics = {
  NODE_ENV: "production",
  APP_URL: "https://velvet.example",
  ALLOWED_ORIGINS: "https://velvet.example",
  TRUST_PROXY: "1",
  DATABASE_URL: "postgres://db.internal/velvet",
  SMTP_URL: "smtp://mail.internal:587",
};
const productionSecrets = { APP_SECRET: "a".repeat(48), PUSHER_SECRET: "b".repeat(32), SITE_KEYS: "prod-site-key" };

describe("configuration", () => {
  it("starts with no configuration at all, in development mode on port 3000", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.developmentFeatures).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.siteTimezone).toBe("Australia/Sydney");
  });

  it("takes a VAPID key pair whole or not at all", () => {
    expect(loadConfig({}).push).toEqual({
      vapidPublicKey: undefined,
      vapidPrivateKey: undefined,
      vapidSubject: undefined,
      localServiceForTests: false,
    });
    const pair = { VAPID_PUBLIC_KEY: "BPublic", VAPID_PRIVATE_KEY: "private", VAPID_SUBJECT: "mailto:ops@example.com" };
    expect(loadConfig(pair).push).toEqual({
      vapidPublicKey: "BPublic",
      vapidPrivateKey: "private",
      vapidSubject: "mailto:ops@example.com",
      localServiceForTests: false,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "BPublic" })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });

  it("lets only the test harnesses push to a service on this machine, never production", () => {
    expect(loadConfig({ [TEST_LOCAL_PUSH_SERVICE_VARIABLE]: "1" }).push.localServiceForTests).toBe(true);
    expect(() =>
      loadConfig({ ...productionBasics, ...productionSecrets, [TEST_LOCAL_PUSH_SERVICE_VARIABLE]: "1" }),
    ).toThrow(new RegExp(`${TEST_LOCAL_PUSH_SERVICE_VARIABLE}.*refused in production`));
  });

  it("refuses production with the development secrets", () => {
    expect(() => loadConfig(productionBasics)).toThrow(ConfigError);
    expect(() => loadConfig(productionBasics)).toThrow(/APP_SECRET/);
    expect(() => loadConfig(productionBasics)).toThrow(/SITE_KEYS/);
    expect(() => loadConfig(productionBasics)).toThrow(/PUSHER_SECRET/);
  });

  it("starts production with real secrets and turns the development features off", () => {
    const config = loadConfig({ ...productionBasics, ...productionSecrets });
    expect(config.isProduction).toBe(true);
    expect(config.developmentFeatures).toBe(false);
  });

  it("uses the test payment gateway outside production, and never lets production use it", () => {
    expect(loadConfig({}).payments.gateway).toBe("test");
    const production = { ...productionBasics, ...productionSecrets };
    expect(loadConfig(production).payments.gateway).toBe("disabled");
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: "test" })).toThrow(/PAYMENT_GATEWAY=test/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: "card" })).toThrow(/PAYMENT_GATEWAY/);
  });

  it("refuses PAYMENT_GATEWAY=trustpay half-configured, naming each missing TRUSTPAY_ variable", () => {
    const production = { ...productionBasics, ...productionSecrets, PAYMENT_GATEWAY: "trustpay" };
    const complete = { TRUSTPAY_PROJECT_ID: "4107000001", TRUSTPAY_SECRET_KEY: "s".repeat(32), TRUSTPAY_API_KEY: "k" };
    expect(() => loadConfig(production)).toThrow(
      /PAYMENT_GATEWAY=trustpay needs TRUSTPAY_PROJECT_ID .*TRUSTPAY_SECRET_KEY, TRUSTPAY_API_KEY/,
    );
    for (const name of Object.keys(complete)) {
      const { [name as keyof typeof complete]: _left, ...rest } = complete;
      expect(() => loadConfig({ ...production, ...rest })).toThrow(new RegExp(`needs ${name}`));
    }
    expect(() => loadConfig({ ...production, ...complete, TRUSTPAY_PROJECT_ID: "abc" })).toThrow(/TRUSTPAY_PROJECT_ID/);
    // Outside production too: a half-configured gateway would fail at the first purchase.
    expect(() => loadConfig({ PAYMENT_GATEWAY: "trustpay" })).toThrow(/TRUSTPAY_SECRET_KEY/);

    const config = loadConfig({ ...production, ...complete });
    expect(config.payments.gateway).toBe("trustpay");
    expect(config.payments.trustpay.apiUrl).toBe("https://tpgw.trustpay.eu");
    expect(config.payments.trustpay.paymentPageUrl).toBe("https://amapi.trustpay.eu/mapi5/Card/PayPopup");
    // TrustPay signs with its own secret: PAYMENT_WEBHOOK_SECRET is not needed.
    expect(config.payments.webhookSecret).toBe("development-payment-webhook-secret");
    expect(() => loadConfig({ ...production, ...complete, TRUSTPAY_API_URL: "http://tpgw.example" })).toThrow(
      /TRUSTPAY_API_URL must be TrustPay's https/,
    );
  });

  it("turns the built-in bot check on by default, off on request, and keeps an external provider configured before", () => {
    expect(loadConfig({}).botCheckMode).toBe("altcha");
    expect(loadConfig({ BOT_CHECK: "off" }).botCheckMode).toBe("off");
    expect(loadConfig({ CAPTCHA_SECRET: "provider-secret" }).botCheckMode).toBe("external");
    expect(loadConfig({ BOT_CHECK_SECRET: "provider-secret" }).botCheckMode).toBe("external");
    expect(loadConfig({ BOT_CHECK: "altcha", CAPTCHA_SECRET: "provider-secret" }).botCheckMode).toBe("altcha");
    expect(() => loadConfig({ BOT_CHECK: "external" })).toThrow(/BOT_CHECK=external needs/);
    expect(() => loadConfig({ BOT_CHECK: "captcha" })).toThrow(/BOT_CHECK/);
  });

  it("refuses a public APP_URL without NODE_ENV, and says to set NODE_ENV", () => {
    expect(() => loadConfig({ APP_URL: "https://velvet.example" })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_URL: "https://velvet.example", NODE_ENV: "" })).toThrow(/NODE_ENV=production/);
    expect(loadConfig({ APP_URL: "http://127.0.0.1:4000" }).developmentFeatures).toBe(true);
    expect(loadConfig({ APP_URL: "http://localhost:5173" }).developmentFeatures).toBe(true);
  });

  it("refuses the repository's development secrets whenever APP_URL is not this machine, whatever NODE_ENV says", () => {
    for (const NODE_ENV of ["development", "test"]) {
      const publicAddress = { NODE_ENV, APP_URL: "https://staging.velvet.example" };
      const refusal = (() => {
        try {
          loadConfig(publicAddress);
        } catch (error) {
          return String(error);
        }
        return "started";
      })();
      for (const variable of ["APP_SECRET", "PUSHER_SECRET", "SITE_KEYS"])
        expect(refusal, NODE_ENV).toContain(variable);
      expect(refusal).not.toContain("NODE_ENV=development");
      // Each one alone is refused too, and with all three of its own it starts.
      for (const variable of ["APP_SECRET", "PUSHER_SECRET", "SITE_KEYS"] as const) {
        const { [variable]: _left, ...others } = productionSecrets;
        expect(() => loadConfig({ ...publicAddress, ...others }), variable).toThrow(new RegExp(variable));
      }
      expect(loadConfig({ ...publicAddress, ...productionSecrets }).env).toBe(NODE_ENV);
    }
    // A developer's own machine keeps working out of the box.
    for (const APP_URL of ["http://localhost:3000", "http://127.0.0.1:4000"]) {
      expect(loadConfig({ NODE_ENV: "development", APP_URL }).developmentFeatures).toBe(true);
    }
  });

  it("keeps demo data, /dev/mail and the test gateway to localhost, whatever NODE_ENV says", () => {
    for (const NODE_ENV of ["development", "test"]) {
      const config = loadConfig({
        NODE_ENV,
        APP_URL: "https://staging.velvet.example",
        SEED_DEMO_DATA: "1",
        ...productionSecrets,
      });
      expect(config.developmentFeatures).toBe(false);
      expect(config.seedDemoData).toBe(false);
      expect(config.payments.gateway).toBe("disabled");
      expect(() =>
        loadConfig({ NODE_ENV, APP_URL: "https://staging.velvet.example", PAYMENT_GATEWAY: "test" }),
      ).toThrow(/PAYMENT_GATEWAY=test is for development only/);
    }
  });

  it("requires an https APP_URL, explicit ALLOWED_ORIGINS and an explicit TRUST_PROXY in production", () => {
    const production = { ...productionBasics, ...productionSecrets };
    expect(() => loadConfig({ ...production, APP_URL: "http://velvet.example" })).toThrow(/APP_URL must be/);
    expect(() => loadConfig({ ...production, ALLOWED_ORIGINS: "" })).toThrow(/ALLOWED_ORIGINS must/);
    expect(() => loadConfig({ ...production, TRUST_PROXY: "" })).toThrow(/TRUST_PROXY must be set/);
    expect(loadConfig({ ...production, TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("holds new photos for moderation by default in production only", () => {
    expect(loadConfig({}).photoAutoApprove).toBe(true);
    const production = { ...productionBasics, ...productionSecrets };
    expect(loadConfig(production).photoAutoApprove).toBe(false);
    expect(loadConfig({ ...production, PHOTO_AUTO_APPROVE: "1" }).photoAutoApprove).toBe(true);
  });

  it("takes TRUST_PROXY as a hop count or a list of addresses, never as trust in everything", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.10,fd00::/8" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.10",
      "fd00::/8",
    ]);
    for (const everything of ["true", "*", "all", "0.0.0.0/0", "::/0", "10.0.0.0/99", "proxy.internal"]) {
      expect(() => loadConfig({ TRUST_PROXY: everything }), everything).toThrow(/TRUST_PROXY: .*number of proxies/);
    }
  });

  it("refuses the test suite's minimum password-hashing cost outside NODE_ENV=test", () => {
    const lowered = { [TEST_PASSWORD_HASH_VARIABLE]: "1" };
    expect(() => loadConfig({ ...productionBasics, ...productionSecrets, ...lowered })).toThrow(
      /VELVET_TEST_MINIMUM_PASSWORD_COST.*refused outside NODE_ENV=test/,
    );
    expect(() => loadConfig({ NODE_ENV: "development", ...lowered })).toThrow(ConfigError);
    expect(() => loadConfig(lowered)).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: "test", ...lowered }).env).toBe("test");
    // And the hashing itself keeps the real cost in any process that is not a Vitest worker with NODE_ENV=test.
    expect(passwordHashOptions({ ...lowered, NODE_ENV: "production", VITEST: "true" })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ ...lowered, NODE_ENV: "test" })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ ...lowered, NODE_ENV: "test", VITEST: "true" }).memoryCost).toBeLessThan(
      PASSWORD_HASH_OPTIONS.memoryCost,
    );
  });

  it("reports a bad value clearly", () => {
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(/PORT/);
  });

  it("documents in .env.example exactly the variables the server reads, with defaults that load", () => {
    const example = readFileSync(path.join(repoRoot, ".env.example"), "utf8");
    const entries = Object.fromEntries(
      example
        .split("\n")
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    // The environment schema is config.ts's, with the payment and storage variables spread in from their files.
    const source = ["config.ts", "payments-config.ts", "storage-config.ts"]
      .map((file) => readFileSync(path.join(repoRoot, "apps/server/src/platform", file), "utf8"))
      .join("\n");
    const read = [...source.matchAll(/^ {2}([A-Z0-9_]+): /gm)].map((match) => match[1]);
    expect(Object.keys(entries).sort()).toEqual([...read].sort());
    const fromExample = loadConfig(entries);
    const fromNothing = loadConfig({});
    expect(fromExample).toEqual(fromNothing);
  });
});

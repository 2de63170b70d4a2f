import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const productionBasics = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://db.internal/velvet",
  SMTP_URL: "smtp://mail.internal:587",
};

describe("configuration", () => {
  it("starts with no configuration at all, in development mode on port 3000", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.developmentFeatures).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.siteTimezone).toBe("Australia/Sydney");
  });

  it("refuses production with the development secrets", () => {
    expect(() => loadConfig(productionBasics)).toThrow(ConfigError);
    expect(() => loadConfig(productionBasics)).toThrow(/APP_SECRET/);
    expect(() => loadConfig(productionBasics)).toThrow(/SITE_KEYS/);
    expect(() => loadConfig(productionBasics)).toThrow(/PUSHER_SECRET/);
  });

  it("starts production with real secrets and turns the development features off", () => {
    const config = loadConfig({
      ...productionBasics,
      APP_SECRET: "a".repeat(48),
      PUSHER_SECRET: "b".repeat(32),
      SITE_KEYS: "prod-site-key",
    });
    expect(config.isProduction).toBe(true);
    expect(config.developmentFeatures).toBe(false);
  });

  it("uses the test payment gateway outside production, and never lets production use it", () => {
    expect(loadConfig({}).payments.gateway).toBe("test");
    const production = {
      ...productionBasics,
      APP_SECRET: "a".repeat(48),
      PUSHER_SECRET: "b".repeat(32),
      SITE_KEYS: "prod-site-key",
    };
    expect(loadConfig(production).payments.gateway).toBe("disabled");
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: "test" })).toThrow(/PAYMENT_GATEWAY=test/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: "card" })).toThrow(/PAYMENT_GATEWAY/);
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
    const source = readFileSync(path.join(repoRoot, "apps/server/src/platform/config.ts"), "utf8");
    const read = [...source.matchAll(/^ {2}([A-Z0-9_]+): /gm)].map((match) => match[1]);
    expect(Object.keys(entries).sort()).toEqual([...read].sort());
    const fromExample = loadConfig(entries);
    const fromNothing = loadConfig({});
    expect(fromExample).toEqual(fromNothing);
  });
});

import type { TClientConfig, THealthResponse } from "@velvet/shared/api/system";
import type { AppContext } from "../../platform/app-context";
import { pingRedis } from "../../platform/redis/client";

export async function checkHealth(context: AppContext): Promise<THealthResponse> {
  const [databaseUp, redisUp] = await Promise.all([
    context.database.ping(),
    context.redis ? pingRedis(context.redis) : Promise.resolve(undefined),
  ]);
  const database = databaseUp ? "ok" : "down";
  const redis = redisUp === undefined ? "not_configured" : redisUp ? "ok" : "down";
  return {
    status: database === "ok" && redis !== "down" ? "ok" : "degraded",
    database,
    redis,
    maintenance: context.config.maintenance,
  };
}

/** Public values only: keys meant for the browser, never a secret. */
export function publicClientConfig(context: AppContext): TClientConfig {
  const { config } = context;
  const siteUrl = new URL(config.appUrl);
  const secure = siteUrl.protocol === "https:";
  const defaultPort = siteUrl.port ? Number(siteUrl.port) : secure ? 443 : 80;
  return {
    siteName: config.siteName,
    siteTimezone: config.siteTimezone,
    supportEmail: config.supportEmail,
    realtime: {
      key: config.pusher.key,
      wsHost: config.realtimePublic.host ?? siteUrl.hostname,
      wsPort: config.realtimePublic.port ?? defaultPort,
      forceTLS: secure,
      cluster: config.pusher.cluster,
    },
    captcha: { siteKey: config.captcha.siteKey },
    botCheck: { mode: config.botCheckMode, siteKey: config.botCheck.siteKey },
    maintenance: config.maintenance,
    apiUrl: config.apiUrl,
    siteUrl: config.appUrl,
  };
}

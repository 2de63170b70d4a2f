import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { AppConfig } from "../config";
import { AppError } from "./app-error";

/** Hosts the optional captcha and bot-check widgets load from, allowed only when their keys are set. */
function humanCheckSources(config: AppConfig): string[] {
  const sources: string[] = [];
  if (config.captcha.siteKey) sources.push("https://hcaptcha.com", "https://*.hcaptcha.com");
  if (config.botCheck.siteKey) sources.push("https://challenges.cloudflare.com");
  return sources;
}

function realtimeSources(config: AppConfig): string[] {
  const { host, port } = config.realtimePublic;
  if (!host) return [];
  const scheme = config.appUrl.startsWith("https:") ? "wss" : "ws";
  return [`${scheme}://${host}${port ? `:${port}` : ""}`];
}

export async function registerSecurity(app: FastifyInstance, config: AppConfig, redis: Redis | undefined) {
  const widgets = humanCheckSources(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widgets],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...realtimeSources(config), ...widgets],
        frameSrc: widgets.length > 0 ? widgets : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  await app.register(cors, {
    origin: (origin, callback) => {
      // Same-origin and non-browser requests carry no Origin header.
      if (!origin) return callback(null, true);
      callback(null, config.allowedOrigins.includes(origin));
    },
    credentials: true,
    allowedHeaders: ["Content-Type", "Authorization", "X-Site-Key", "Device-ID", "X-Requested-With"],
    exposedHeaders: ["Retry-After"],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate:` } : {}),
    // Only the API is throttled globally; static files are served with cache headers instead.
    allowList: (request) => !request.url.startsWith("/api/"),
    errorResponseBuilder: (_request, context) =>
      new AppError("throttled", undefined, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}

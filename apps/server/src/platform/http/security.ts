import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Redis } from "ioredis";
import type { AppConfig } from "../config";
import { redisWithMemoryFallbackStore } from "../rate-limit/fallback-store";
import { addressKey } from "./address-key";
import { AppError } from "./app-error";
import { isApiRoute } from "./site-key";

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

/**
 * helmet's headers, worked out once. They depend only on configuration, and
 * having helmet build them on every response (the policy string included) was
 * a measurable share of a small API request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  // helmet is a connect middleware with no other public API: run it once on a real, unsent Node response.
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

const routeHookNames = [
  "onRequest",
  "preParsing",
  "preValidation",
  "preHandler",
  "preSerialization",
  "onSend",
  "onResponse",
  "onError",
  "onTimeout",
  "onRequestAbort",
] as const;

export async function registerSecurity(app: FastifyInstance, config: AppConfig, redis: Redis | undefined) {
  const widgets = humanCheckSources(config);
  const securityHeaders = helmetHeaders({
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
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
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

  // Route modules share guard objects (`{ onRequest: [signedIn, activeMember] }`) between routes, and the
  // rate limiter adds its hook by pushing onto the route's list: on a shared list every route's limiter ran
  // on every route of the module, the first one marked the request as counted, and per-route limits (uploads,
  // sending) were never applied. Each route gets lists of its own before the limiter (registered next) sees it.
  app.addHook("onRoute", (routeOptions) => {
    for (const hook of routeHookNames) {
      const handlers = routeOptions[hook];
      if (Array.isArray(handlers)) (routeOptions as unknown as Record<string, unknown>)[hook] = [...handlers];
    }
  });
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: 60_000,
    // With Redis, counted there; any request Redis cannot count (an outage) is counted in memory instead.
    ...(redis ? { store: redisWithMemoryFallbackStore(redis, `${config.redisKeyPrefix}rate:`) } : {}),
    // Only the API is throttled globally; static files are served with cache headers instead.
    allowList: (request) => !isApiRoute(request),
    // Per address, an IPv6 host counted by its /64 (it may use any address in it).
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError("throttled", undefined, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}

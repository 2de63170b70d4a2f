import cookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { accountRoutes } from "./modules/accounts";
import { adminRoutes, auditImpersonatedRequests } from "./modules/admin";
import { authRoutes } from "./modules/auth";
import { botCheckRoutes } from "./modules/bot-check";
import { contentRoutes } from "./modules/content";
import { conversationRoutes } from "./modules/conversations";
import { creditRoutes } from "./modules/credits";
import { devRoutes } from "./modules/dev";
import { interactionRoutes } from "./modules/interactions";
import { notificationRoutes } from "./modules/notifications";
import { operatorRoutes } from "./modules/operator";
import { paymentRoutes } from "./modules/payments";
import { photoRoutes } from "./modules/photos";
import { presenceRoutes } from "./modules/presence";
import { profileRoutes } from "./modules/profiles";
import { promotionRoutes } from "./modules/promotions";
import { pushRoutes } from "./modules/push";
import type { RealtimeServer } from "./modules/realtime";
import { realtimeAuthRoutes, realtimeHttpApi } from "./modules/realtime";
import { reportRoutes } from "./modules/reports";
import { supportRoutes } from "./modules/support";
import { systemRoutes } from "./modules/system";
import { trackingRoutes } from "./modules/tracking";
import type { AppContext } from "./platform/app-context";
import { registerErrorHandler } from "./platform/http/error-handler";
import { registerFormBodyParser } from "./platform/http/form-body";
import { registerJsonBodyParser } from "./platform/http/json-body";
import { registerOpenApi } from "./platform/http/openapi";
import { registerSecurity } from "./platform/http/security";
import { registerMaintenanceSwitch, registerSiteKeyCheck } from "./platform/http/site-key";
import { registerWebApp } from "./platform/http/static-web";
import { responseSerializerCompiler, zodValidatorCompiler } from "./platform/http/zod-compilers";
import { fastifyTrustProxy } from "./platform/trust-proxy";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered, for checks that walk the route table (OpenAPI coverage, authorization suites). */
    routeTable: Array<{ method: string; url: string; hidden: boolean; bodySchema: unknown }>;
  }
}

/** Builds the HTTP application: platform plugins first, then one registration per feature module. */
export async function buildApp(context: AppContext, realtime: RealtimeServer): Promise<FastifyInstance> {
  const { config } = context;
  const app: FastifyInstance = Fastify({
    loggerInstance: context.logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routeTable: FastifyInstance["routeTable"] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { hide?: boolean; body?: unknown } | undefined;
    const hidden = Boolean(schema?.hide);
    for (const method of methods) routeTable.push({ method, url: route.url, hidden, bodySchema: schema?.body });
  });
  // While draining for shutdown, answer in-flight requests with "Connection: close" so
  // kept-alive sockets end with their response instead of holding the close open.
  let draining = false;
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("Connection", "close");
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(!config.isProduction));
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  await registerOpenApi(app, config.siteName);
  await registerSecurity(app, config, context.redis);
  await app.register(cookie);
  registerFormBodyParser(app);
  registerSiteKeyCheck(app, config.siteKeys);
  registerMaintenanceSwitch(app, config.maintenance);
  auditImpersonatedRequests(app, context);

  await app.register(async (scope) => systemRoutes(scope, context));
  await app.register(async (scope) => authRoutes(scope, context));
  await app.register(async (scope) => botCheckRoutes(scope, context));
  await app.register(async (scope) => accountRoutes(scope, context));
  await app.register(async (scope) => adminRoutes(scope, context));
  await app.register(async (scope) => operatorRoutes(scope, context));
  await app.register(async (scope) => trackingRoutes(scope, context));
  await app.register(async (scope) => profileRoutes(scope, context));
  await app.register(async (scope) => interactionRoutes(scope, context));
  await app.register(async (scope) => photoRoutes(scope, context));
  await app.register(async (scope) => creditRoutes(scope, context));
  await app.register(async (scope) => paymentRoutes(scope, context));
  await app.register(async (scope) => promotionRoutes(scope, context));
  await app.register(async (scope) => conversationRoutes(scope, context));
  await app.register(async (scope) => notificationRoutes(scope, context));
  await app.register(async (scope) => pushRoutes(scope, context));
  await app.register(async (scope) => presenceRoutes(scope, context, realtime));
  await app.register(async (scope) => reportRoutes(scope, context));
  await app.register(async (scope) => contentRoutes(scope, context));
  await app.register(async (scope) => supportRoutes(scope, context));
  await app.register(async (scope) => realtimeAuthRoutes(scope, context, realtime));
  await app.register(async (scope) => realtimeHttpApi(scope, { config, realtime, presence: realtime.presence }));
  await app.register(async (scope) => devRoutes(scope, context));

  await registerWebApp(app, { storage: context.storage });
  return app;
}

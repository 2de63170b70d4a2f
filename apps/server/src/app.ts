import cookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { accountRoutes } from "./modules/accounts/routes";
import { auditImpersonatedRequests } from "./modules/admin/impersonation-audit";
import { adminRoutes } from "./modules/admin/routes";
import { authRoutes } from "./modules/auth/routes";
import { botCheckRoutes } from "./modules/bot-check/routes";
import { contentRoutes } from "./modules/content/routes";
import { conversationRoutes } from "./modules/conversations/routes";
import { creditRoutes } from "./modules/credits/routes";
import { devRoutes } from "./modules/dev/routes";
import { interactionRoutes } from "./modules/interactions/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { operatorRoutes } from "./modules/operator/routes";
import { paymentRoutes } from "./modules/payments/routes";
import { photoRoutes } from "./modules/photos/routes";
import { presenceRoutes } from "./modules/presence/routes";
import { profileRoutes } from "./modules/profiles/routes";
import { promotionRoutes } from "./modules/promotions/routes";
import { realtimeAuthRoutes } from "./modules/realtime/auth-routes";
import { realtimeHttpApi } from "./modules/realtime/http-api";
import type { RealtimeServer } from "./modules/realtime/server";
import { reportRoutes } from "./modules/reports/routes";
import { supportRoutes } from "./modules/support/routes";
import { systemRoutes } from "./modules/system/routes";
import { trackingRoutes } from "./modules/tracking/routes";
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
  await app.register(async (scope) => presenceRoutes(scope, context, realtime));
  await app.register(async (scope) => reportRoutes(scope, context));
  await app.register(async (scope) => contentRoutes(scope, context));
  await app.register(async (scope) => supportRoutes(scope, context));
  await app.register(async (scope) => realtimeAuthRoutes(scope, context, realtime));
  await app.register(async (scope) => realtimeHttpApi(scope, { config, realtime, presence: realtime.presence }));
  await app.register(async (scope) => devRoutes(scope, context));

  await registerWebApp(app, { mediaDir: `${config.dataDir}/uploads` });
  return app;
}

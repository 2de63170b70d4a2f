import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { authOf, clearRefreshCookie, presentTokens, requireAuth, setRefreshCookie } from "../sessions";
import { listDevices, signOutDevice, signOutOtherDevices } from "./devices";
import { exportArchive } from "./export-archive";
import {
  changePassword,
  deactivate,
  deleteAccount,
  reactivate,
  requestEmailChange,
  unsubscribe,
  updateEmailPreferences,
} from "./service";
import { readTwoFactor, setUpTwoFactor, turnOffTwoFactor, turnOnTwoFactor } from "./two-factor";

const bearer = [{ siteKey: [], bearer: [] }];

function metaOf(request: FastifyRequest) {
  const agent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof agent === "string" ? agent : undefined };
}

export async function accountRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  const { config } = context;

  routeEndpoint(
    app,
    accountEndpoints.changeEmail,
    {
      onRequest: signedIn,
    },
    async (request) => {
      await requestEmailChange(context, authOf(request), request.body.email, request.body.current_password);
      return { message: accountMessages.emailChangeSent };
    },
  );

  routeEndpoint(
    app,
    accountEndpoints.changePassword,
    {
      onRequest: signedIn,
    },
    async (request, reply) => {
      const tokens = await changePassword(context, authOf(request), request.body, metaOf(request));
      setRefreshCookie(reply, config, tokens.refreshToken);
      return {
        message: accountMessages.passwordChanged,
        data: presentTokens(tokens),
      };
    },
  );

  routeEndpoint(
    app,
    accountEndpoints.updatePreferences,
    {
      onRequest: signedIn,
    },
    async (request) => ({ data: await updateEmailPreferences(context, authOf(request), request.body.email) }),
  );

  routeEndpoint(
    app,
    accountEndpoints.deactivate,
    {
      onRequest: signedIn,
    },
    async (request, reply) => {
      const tokens = await deactivate(context, authOf(request), metaOf(request));
      setRefreshCookie(reply, config, tokens.refreshToken);
      return {
        data: presentTokens(tokens),
      };
    },
  );

  routeEndpoint(
    app,
    accountEndpoints.reactivate,
    {
      onRequest: signedIn,
    },
    async (request) => {
      await reactivate(context, authOf(request), request.ip);
      return { message: accountMessages.reactivated };
    },
  );

  routeEndpoint(
    app,
    accountEndpoints.deleteAccount,
    {
      onRequest: signedIn,
    },
    async (request, reply) => {
      await deleteAccount(context, authOf(request), request.body.password);
      clearRefreshCookie(reply, config);
      return { message: accountMessages.deleted };
    },
  );

  api.get(
    "/api/account/export",
    {
      onRequest: signedIn,
      schema: {
        tags: ["account"],
        summary: "Download everything the site holds about the member: a ZIP of data.json and their photo files",
        security: bearer,
        produces: ["application/zip"],
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const archive = await exportArchive(context, auth);
      return reply
        .header("Content-Disposition", `attachment; filename="velvet-hearts-${auth.user.username}.zip"`)
        .header("Cache-Control", "no-store")
        .type("application/zip")
        .send(archive);
    },
  );

  routeEndpoint(app, accountEndpoints.sessions, { onRequest: signedIn }, async (request) => ({
    data: await listDevices(context, authOf(request)),
  }));

  routeEndpoint(app, accountEndpoints.endSession, { onRequest: signedIn }, async (request) => ({
    data: { signed_out: await signOutDevice(context, authOf(request), request.params.id) },
  }));

  routeEndpoint(app, accountEndpoints.endOtherSessions, { onRequest: signedIn }, async (request) => ({
    data: { signed_out: await signOutOtherDevices(context, authOf(request)) },
  }));

  routeEndpoint(app, accountEndpoints.twoFactorStatus, { onRequest: signedIn }, async (request) => ({
    data: await readTwoFactor(context, authOf(request)),
  }));

  routeEndpoint(app, accountEndpoints.twoFactorSetup, { onRequest: signedIn }, async (request) => ({
    data: await setUpTwoFactor(context, authOf(request), request.body.password),
  }));

  routeEndpoint(app, accountEndpoints.twoFactorEnable, { onRequest: signedIn }, async (request) =>
    turnOnTwoFactor(context, authOf(request), request.body, request.ip),
  );

  routeEndpoint(app, accountEndpoints.twoFactorDisable, { onRequest: signedIn }, async (request) =>
    turnOffTwoFactor(context, authOf(request), request.body, request.ip),
  );

  routeEndpoint(app, accountEndpoints.unsubscribe, {}, async (request) => {
    await unsubscribe(context, request.body.token);
    return { message: accountMessages.unsubscribed };
  });
}

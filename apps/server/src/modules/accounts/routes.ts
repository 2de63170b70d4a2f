import {
  ZChangeEmailRequestSchema,
  ZChangePasswordRequestSchema,
  ZChangePasswordResponseSchema,
  ZDeleteAccountRequestSchema,
  ZPreferencesResponseSchema,
  ZUpdatePreferencesRequestSchema,
} from "@velvet/shared/api/account";
import { ZMessageResponseSchema, ZTokenRequestSchema, ZTokenResponseSchema } from "@velvet/shared/api/auth";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf, requireAuth } from "../auth/authenticate";
import { clearRefreshCookie, setRefreshCookie } from "../auth/refresh-cookie";
import { presentTokens } from "../auth/session-service";
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

const bearer = [{ siteKey: [], bearer: [] }];

function metaOf(request: FastifyRequest) {
  const agent = request.headers["user-agent"];
  return { ip: request.ip, userAgent: typeof agent === "string" ? agent : undefined };
}

export async function accountRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  const { config } = context;

  api.put(
    "/api/account/email",
    {
      onRequest: signedIn,
      schema: {
        tags: ["account"],
        summary: "Change the email address (takes effect once the new address is confirmed)",
        security: bearer,
        body: ZChangeEmailRequestSchema,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request) => {
      await requestEmailChange(context, authOf(request), request.body.email, request.body.current_password);
      return { message: accountMessages.emailChangeSent };
    },
  );

  api.put(
    "/api/account/password",
    {
      onRequest: signedIn,
      schema: {
        tags: ["account"],
        summary: "Change the password; signs out every other device",
        security: bearer,
        body: ZChangePasswordRequestSchema,
        response: { 200: ZChangePasswordResponseSchema },
      },
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

  api.put(
    "/api/account/preferences",
    {
      onRequest: signedIn,
      schema: {
        tags: ["account"],
        summary: "Email notification preferences",
        security: bearer,
        body: ZUpdatePreferencesRequestSchema,
        response: { 200: ZPreferencesResponseSchema },
      },
    },
    async (request) => ({ data: await updateEmailPreferences(context, authOf(request), request.body.email) }),
  );

  api.post(
    "/api/account/deactivate",
    {
      onRequest: signedIn,
      schema: {
        tags: ["account"],
        summary: "Deactivate the account (confined to /deactivated until reactivated)",
        security: bearer,
        response: { 200: ZTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await deactivate(context, authOf(request), metaOf(request));
      setRefreshCookie(reply, config, tokens.refreshToken);
      return {
        data: presentTokens(tokens),
      };
    },
  );

  api.post(
    "/api/account/reactivate",
    {
      onRequest: signedIn,
      schema: {
        tags: ["account"],
        summary: "Reactivate a deactivated account",
        security: bearer,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request) => {
      await reactivate(context, authOf(request), request.ip);
      return { message: accountMessages.reactivated };
    },
  );

  api.delete(
    "/api/account",
    {
      onRequest: signedIn,
      schema: {
        tags: ["account"],
        summary: "Delete the account: personal data, photos and sessions are removed",
        security: bearer,
        body: ZDeleteAccountRequestSchema,
        response: { 200: ZMessageResponseSchema },
      },
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

  api.post(
    "/api/unsubscribe",
    {
      schema: {
        tags: ["account"],
        summary: "Turn notification emails off from a mail link, without signing in",
        body: ZTokenRequestSchema,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request) => {
      await unsubscribe(context, request.body.token);
      return { message: accountMessages.unsubscribed };
    },
  );
}

import {
  makeRegisterRequestSchema,
  ZCurrentUserResponseSchema,
  ZLoginRequestSchema,
  ZMessageResponseSchema,
  ZPasswordEmailRequestSchema,
  ZPasswordResetRequestSchema,
  ZTokenRequestSchema,
  ZTokenResponseSchema,
} from "@velvet/shared/api/auth";
import { apiHeaders } from "@velvet/shared/api/headers";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { passwordMessages } from "@velvet/shared/validation/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { exchangeImpersonationToken } from "../admin/impersonation-service";
import { botCheckGuard } from "../bot-check/guard";
import { authOf, requireAuth } from "./authenticate";
import { loadCurrentUser } from "./current-user-service";
import { resendVerification, verifyEmail } from "./email-verification-service";
import { login } from "./login-service";
import { requestPasswordReset, resetPassword } from "./password-reset-service";
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./refresh-cookie";
import { register } from "./registration-service";
import { type IssuedTokens, presentTokens, revokeSession, rotateRefreshToken } from "./session-service";

const bearer = [{ siteKey: [], bearer: [] }];

function userAgentOf(request: FastifyRequest): string | undefined {
  const value = request.headers["user-agent"];
  return typeof value === "string" ? value : undefined;
}

export async function authRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = context;
  const signedIn = requireAuth(context);
  const botCheck = botCheckGuard(context);
  const respondWithTokens = (reply: FastifyReply, tokens: IssuedTokens, status = 200) => {
    setRefreshCookie(reply, config, tokens.refreshToken);
    return reply.status(status).send({ data: presentTokens(tokens) });
  };

  api.post(
    "/api/register",
    {
      // Counted before validation, so probing for taken emails spends the allowance too.
      onRequest: async (request) => {
        const { count, resetInSeconds } = await context.attempts.hit(`register:${request.ip}`, 3600);
        if (count > config.registerRateLimit) {
          throw new AppError("throttled", "Too many registration attempts. Please try again later.", {
            retryAfterSeconds: resetInSeconds,
          });
        }
      },
      preHandler: botCheck,
      schema: {
        tags: ["auth"],
        summary: "Create a member account (18+), sign in and send the verification email",
        body: makeRegisterRequestSchema(() => todayInTimezone(config.siteTimezone)),
        response: { 201: ZTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const deviceId = request.headers[apiHeaders.deviceId.toLowerCase()];
      const tokens = await register(context, request.body, {
        ip: request.ip,
        userAgent: userAgentOf(request),
        deviceId: typeof deviceId === "string" ? deviceId : undefined,
      });
      return respondWithTokens(reply, tokens, 201);
    },
  );

  api.post(
    "/api/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in",
        body: ZLoginRequestSchema,
        response: { 200: ZTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await login(context, { ...request.body, ip: request.ip, userAgent: userAgentOf(request) });
      return respondWithTokens(reply, tokens);
    },
  );

  api.post(
    "/api/refresh",
    {
      schema: {
        tags: ["auth"],
        summary: "Rotate the refresh cookie and get a new access token",
        response: { 200: ZTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(request);
      if (!presented) throw new AppError("unauthenticated");
      try {
        return respondWithTokens(reply, await rotateRefreshToken(context, presented));
      } catch (error) {
        clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  api.post(
    "/api/logout",
    {
      onRequest: signedIn,
      schema: {
        tags: ["auth"],
        summary: "Sign out this session",
        security: bearer,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, session } = authOf(request);
      await revokeSession(context.database.db, session.id);
      await context.memberConnections.close(
        { memberUuid: user.uuid, sessionId: session.id },
        realtimeCloseCodes.sessionEnded,
      );
      clearRefreshCookie(reply, config);
      return { message: accountMessages.loggedOut };
    },
  );

  api.post(
    "/api/me",
    {
      onRequest: signedIn,
      schema: {
        tags: ["auth"],
        summary: "The current user",
        security: bearer,
        response: { 200: ZCurrentUserResponseSchema },
      },
    },
    async (request) => ({ data: await loadCurrentUser(context, authOf(request)) }),
  );

  api.post(
    "/api/email/verify",
    {
      schema: {
        tags: ["auth"],
        summary: "Confirm an email address",
        body: ZTokenRequestSchema,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request) => {
      await verifyEmail(context, request.body.token);
      return { message: accountMessages.emailVerified };
    },
  );

  api.post(
    "/api/email/resend",
    {
      onRequest: signedIn,
      schema: {
        tags: ["auth"],
        summary: "Send the verification link again (6 a minute)",
        security: bearer,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request) => {
      await resendVerification(context, authOf(request).user);
      return { message: accountMessages.verificationSent };
    },
  );

  api.post(
    "/api/password/email",
    {
      preHandler: botCheck,
      schema: {
        tags: ["auth"],
        summary: "Mail a password reset link (same answer whether or not the address has an account)",
        body: ZPasswordEmailRequestSchema,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(context, request.body.email);
      return { message: passwordMessages.sent };
    },
  );

  api.post(
    "/api/password/reset",
    {
      schema: {
        tags: ["auth"],
        summary: "Choose a new password with a reset link",
        body: ZPasswordResetRequestSchema,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(context, request.body);
      return { message: passwordMessages.reset };
    },
  );

  api.post(
    "/api/impersonate",
    {
      schema: {
        tags: ["auth"],
        summary: "Exchange an operator's single-use impersonation token for a session",
        body: ZTokenRequestSchema,
        response: { 200: ZTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await exchangeImpersonationToken(context, request.body.token, {
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return respondWithTokens(reply, tokens);
    },
  );
}

import { makeRegisterRequestSchema } from "@velvet/shared/api/auth";
import { apiHeaders } from "@velvet/shared/api/headers";
import { authEndpoints } from "@velvet/shared/contract/auth";
import { paymentEndpoints } from "@velvet/shared/contract/payments";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { passwordMessages } from "@velvet/shared/validation/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { addressKey } from "../../platform/http/address-key";
import { AppError } from "../../platform/http/app-error";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { loadUserRow } from "../../platform/members/user-row";
import { exchangeImpersonationToken } from "../admin";
import { botCheckGuard } from "../bot-check";
import { readCheckoutCookie } from "../payments";
import {
  authOf,
  clearRefreshCookie,
  type IssuedTokens,
  presentTokens,
  readRefreshCookie,
  requireAuth,
  revokeSession,
  rotateRefreshToken,
  setRefreshCookie,
} from "../sessions";
import { loadCurrentUser } from "./current-user-service";
import { resendVerification, verifyEmail } from "./email-verification-service";
import { login, loginWithSecondFactor, signInFromPaymentReturn } from "./login-service";
import { requestPasswordReset, resetPassword } from "./password-reset-service";
import { register } from "./registration-service";

function userAgentOf(request: FastifyRequest): string | undefined {
  const value = request.headers["user-agent"];
  return typeof value === "string" ? value : undefined;
}

export async function authRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config } = context;
  const signedIn = requireAuth(context);
  const botCheck = botCheckGuard(context);
  const respondWithTokens = (reply: FastifyReply, tokens: IssuedTokens, status = 200) => {
    setRefreshCookie(reply, config, tokens.refreshToken);
    return reply.status(status).send({ data: presentTokens(tokens) });
  };

  routeEndpoint(
    app,
    authEndpoints.register,
    {
      // Counted before validation, so probing for taken emails spends the allowance too.
      onRequest: async (request) => {
        const { count, resetInSeconds } = await context.attempts.hit(`register:${addressKey(request.ip)}`, 3600);
        if (count > config.registerRateLimit) {
          throw new AppError("throttled", "Too many registration attempts. Please try again later.", {
            retryAfterSeconds: resetInSeconds,
          });
        }
      },
      preHandler: botCheck,
      // "Today" for the 18+ rule is the site's, so the body schema is built from configuration.
      bodySchema: makeRegisterRequestSchema(() => todayInTimezone(config.siteTimezone)),
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

  routeEndpoint(app, authEndpoints.login, {}, async (request, reply) => {
    const outcome = await login(context, { ...request.body, ip: request.ip, userAgent: userAgentOf(request) });
    if ("challenge" in outcome) return { data: { two_factor_required: true as const, challenge: outcome.challenge } };
    return respondWithTokens(reply, outcome);
  });

  routeEndpoint(app, authEndpoints.loginTwoFactor, {}, async (request, reply) =>
    respondWithTokens(
      reply,
      await loginWithSecondFactor(context, { ...request.body, ip: request.ip, userAgent: userAgentOf(request) }),
    ),
  );

  // The payments contract's endpoint, answered as sign-in answers: tokens, or the two-factor challenge.
  routeEndpoint(
    app,
    paymentEndpoints.signInFromGateway,
    {
      // A 256-bit single-use value bound to the browser; the limit only keeps the endpoint from being hammered.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const outcome = await signInFromPaymentReturn(context, {
        custom1: request.params.custom1,
        checkoutBrowser: readCheckoutCookie(request),
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      if ("challenge" in outcome) return { data: { two_factor_required: true as const, challenge: outcome.challenge } };
      return respondWithTokens(reply, outcome);
    },
  );

  routeEndpoint(app, authEndpoints.refresh, {}, async (request, reply) => {
    const presented = readRefreshCookie(request);
    if (!presented) throw new AppError("unauthenticated");
    try {
      return respondWithTokens(reply, await rotateRefreshToken(context, presented));
    } catch (error) {
      clearRefreshCookie(reply, config);
      throw error;
    }
  });

  routeEndpoint(
    app,
    authEndpoints.logout,
    {
      onRequest: signedIn,
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

  routeEndpoint(
    app,
    authEndpoints.currentUser,
    {
      onRequest: signedIn,
    },
    async (request) => ({ data: await loadCurrentUser(context, authOf(request)) }),
  );

  routeEndpoint(app, authEndpoints.verifyEmail, {}, async (request) => {
    await verifyEmail(context, request.body.token);
    return { message: accountMessages.emailVerified };
  });

  routeEndpoint(
    app,
    authEndpoints.resendVerification,
    {
      onRequest: signedIn,
    },
    async (request) => {
      await resendVerification(context, await loadUserRow(context.database.db, authOf(request).user.id));
      return { message: accountMessages.verificationSent };
    },
  );

  routeEndpoint(
    app,
    authEndpoints.requestPasswordReset,
    {
      preHandler: botCheck,
    },
    async (request) => {
      await requestPasswordReset(context, request.body.email);
      return { message: passwordMessages.sent };
    },
  );

  routeEndpoint(app, authEndpoints.resetPassword, {}, async (request) => {
    await resetPassword(context, request.body);
    return { message: passwordMessages.reset };
  });

  routeEndpoint(app, authEndpoints.impersonate, {}, async (request, reply) => {
    const tokens = await exchangeImpersonationToken(context, request.body.token, {
      ip: request.ip,
      userAgent: userAgentOf(request),
    });
    return respondWithTokens(reply, tokens);
  });
}

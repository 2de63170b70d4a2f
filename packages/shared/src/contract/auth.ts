import {
  makeRegisterRequestSchema,
  ZCurrentUserResponseSchema,
  ZLoginRequestSchema,
  ZMessageResponseSchema,
  ZPasswordEmailRequestSchema,
  ZPasswordResetRequestSchema,
  ZTokenRequestSchema,
  ZTokenResponseSchema,
} from "../api/auth";
import { ZTwoFactorChallengeResponseSchema, ZTwoFactorLoginRequestSchema } from "../api/two-factor";
import { todayInTimezone } from "../validation/age";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/** Signing up, in and out, sessions, email confirmation and password reset. */
export const authEndpoints = {
  register: defineEndpoint({
    method: "POST",
    path: "/api/register",
    // The server validates with "today" in the site's timezone (its route passes that schema in).
    body: makeRegisterRequestSchema(() => todayInTimezone("UTC")),
    responses: { 201: ZTokenResponseSchema },
    auth: "public",
    tags: ["auth"],
    summary: "Create a member account (18+), sign in and send the verification email",
  }),
  login: defineEndpoint({
    method: "POST",
    path: "/api/login",
    body: ZLoginRequestSchema,
    // A member with two-factor sign-in gets a challenge instead of tokens; everyone else the tokens as before.
    responses: { 200: z.union([ZTokenResponseSchema, ZTwoFactorChallengeResponseSchema]) },
    auth: "public",
    tags: ["auth"],
    summary: "Sign in",
  }),
  loginTwoFactor: defineEndpoint({
    method: "POST",
    path: "/api/login/two-factor",
    body: ZTwoFactorLoginRequestSchema,
    responses: { 200: ZTokenResponseSchema },
    auth: "public",
    tags: ["auth"],
    summary: "Finish signing in with the authenticator app's code (or a recovery code)",
  }),
  refresh: defineEndpoint({
    method: "POST",
    path: "/api/refresh",
    responses: { 200: ZTokenResponseSchema },
    auth: "public",
    tags: ["auth"],
    summary: "Rotate the refresh cookie and get a new access token",
  }),
  logout: defineEndpoint({
    method: "POST",
    path: "/api/logout",
    responses: { 200: ZMessageResponseSchema },
    auth: "member",
    tags: ["auth"],
    summary: "Sign out this session",
  }),
  currentUser: defineEndpoint({
    method: "POST",
    path: "/api/me",
    responses: { 200: ZCurrentUserResponseSchema },
    auth: "member",
    tags: ["auth"],
    summary: "The current user",
  }),
  verifyEmail: defineEndpoint({
    method: "POST",
    path: "/api/email/verify",
    body: ZTokenRequestSchema,
    responses: { 200: ZMessageResponseSchema },
    auth: "public",
    tags: ["auth"],
    summary: "Confirm an email address",
  }),
  resendVerification: defineEndpoint({
    method: "POST",
    path: "/api/email/resend",
    responses: { 200: ZMessageResponseSchema },
    auth: "member",
    tags: ["auth"],
    summary: "Send the verification link again (3 an hour)",
  }),
  requestPasswordReset: defineEndpoint({
    method: "POST",
    path: "/api/password/email",
    body: ZPasswordEmailRequestSchema,
    responses: { 200: ZMessageResponseSchema },
    auth: "public",
    tags: ["auth"],
    summary: "Mail a password reset link (same answer whether or not the address has an account)",
  }),
  resetPassword: defineEndpoint({
    method: "POST",
    path: "/api/password/reset",
    body: ZPasswordResetRequestSchema,
    responses: { 200: ZMessageResponseSchema },
    auth: "public",
    tags: ["auth"],
    summary: "Choose a new password with a reset link",
  }),
  impersonate: defineEndpoint({
    method: "POST",
    path: "/api/impersonate",
    body: ZTokenRequestSchema,
    responses: { 200: ZTokenResponseSchema },
    auth: "public",
    tags: ["auth"],
    summary: "Exchange an operator's single-use impersonation token for a session",
  }),
};

import { ZTokenResponseSchema } from "../api/auth";
import {
  ZCreatePaymentRequestSchema,
  ZPaymentCreatedResponseSchema,
  ZPaymentParamsSchema,
  ZPaymentResponseSchema,
} from "../api/payments";
import { ZTwoFactorChallengeResponseSchema } from "../api/two-factor";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/** Buying credits: the member's payments, and signing in from a gateway's return link (the gateway's own notifications are registered by the payments module alone). */
export const paymentEndpoints = {
  createPayment: defineEndpoint({
    method: "POST",
    path: "/api/payments",
    body: ZCreatePaymentRequestSchema,
    responses: { 201: ZPaymentCreatedResponseSchema },
    auth: "member",
    tags: ["payments"],
    summary: "Start buying a package: a pending payment and the gateway's checkout URL",
  }),
  payment: defineEndpoint({
    method: "GET",
    path: "/api/payments/:id",
    params: ZPaymentParamsSchema,
    responses: { 200: ZPaymentResponseSchema },
    auth: "member",
    tags: ["payments"],
    summary: "One of the member's payments: /payment-status polls it until it settles",
  }),
  signInFromGateway: defineEndpoint({
    method: "GET",
    path: "/api/payment/auth/:custom1",
    params: z.object({ custom1: z.string().min(1).max(200) }),
    // As POST /api/login: a member with two-factor sign-in gets the challenge, finished by /api/login/two-factor.
    responses: { 200: z.union([ZTokenResponseSchema, ZTwoFactorChallengeResponseSchema]) },
    auth: "public",
    tags: ["payments"],
    summary:
      "Sign in with the single-use custom1 of a payment's return link, from the browser that began the checkout (its velvet_checkout cookie); 404 when used, expired or from another browser",
  }),
};

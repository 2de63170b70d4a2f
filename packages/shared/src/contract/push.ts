import {
  ZNotificationSettingsResponseSchema,
  ZNotificationSettingsSchema,
  ZPushPublicKeyResponseSchema,
  ZPushSubscribedResponseSchema,
  ZPushSubscriptionRequestSchema,
  ZPushUnsubscribeRequestSchema,
} from "../api/push";
import { defineEndpoint } from "./endpoint";

/** Web Push subscriptions of the member's browsers, and which notifications come by email and by push. */
export const pushEndpoints = {
  publicKey: defineEndpoint({
    method: "GET",
    path: "/api/push/public-key",
    responses: { 200: ZPushPublicKeyResponseSchema },
    auth: "member",
    tags: ["push"],
    summary: "The server's VAPID public key, for the browser's push subscription",
  }),
  subscribe: defineEndpoint({
    method: "POST",
    path: "/api/push/subscriptions",
    body: ZPushSubscriptionRequestSchema,
    responses: { 201: ZPushSubscribedResponseSchema },
    auth: "member",
    tags: ["push"],
    summary: "Keep this browser's push subscription (a browser that subscribed for another member moves here)",
  }),
  unsubscribe: defineEndpoint({
    method: "DELETE",
    path: "/api/push/subscriptions",
    body: ZPushUnsubscribeRequestSchema,
    responses: { 200: ZPushSubscribedResponseSchema },
    auth: "member",
    tags: ["push"],
    summary: "Forget one of the member's own push subscriptions (another member's is left alone)",
  }),
  settings: defineEndpoint({
    method: "GET",
    path: "/api/account/notification-settings",
    responses: { 200: ZNotificationSettingsResponseSchema },
    auth: "member",
    tags: ["account"],
    summary: "Which notifications come by email and by push, per kind",
  }),
  updateSettings: defineEndpoint({
    method: "PUT",
    path: "/api/account/notification-settings",
    body: ZNotificationSettingsSchema,
    responses: { 200: ZNotificationSettingsResponseSchema },
    auth: "member",
    tags: ["account"],
    summary: "Choose which notifications come by email and by push, per kind",
  }),
};

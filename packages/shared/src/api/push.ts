import { z } from "../validation/z";
import { resourceResponse } from "./envelope";

/** The server's VAPID public key (base64url), which the browser passes to pushManager.subscribe. */
export const ZPushPublicKeyResponseSchema = resourceResponse(z.object({ public_key: z.string() }));

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url");

/** The browser's PushSubscription JSON, as `subscription.toJSON()` gives it (expirationTime is ignored). */
export const ZPushSubscriptionRequestSchema = z.object({
  endpoint: z.url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, 87 characters unpadded. */
    p256dh: base64url(200),
    /** The browser's 16-byte auth secret. */
    auth: base64url(100),
  }),
});
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequestSchema>;

export const ZPushUnsubscribeRequestSchema = z.object({ endpoint: z.url().max(2000) });

export const ZPushSubscribedResponseSchema = resourceResponse(z.object({ subscribed: z.boolean() }));

/** What Web Push notifications carry (the service worker shows it; docs/push.md says why no message text). */
export const ZPushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page the notification opens: /message/{conversationUuid} or /profile/{uuid}. */
  url: z.string(),
  /** One notification per conversation or sender and kind: a newer one replaces it. */
  tag: z.string(),
  icon: z.string(),
  kind: z.enum(["messages", "likes", "winks", "favorites", "visits"]),
});
export type TPushPayload = z.infer<typeof ZPushPayloadSchema>;

export const notificationKinds = ["messages", "likes", "winks", "favorites", "visits"] as const;
export type TNotificationKind = (typeof notificationKinds)[number];

const ZChannelsSchema = z.object({ email: z.boolean(), push: z.boolean() });

/** Per kind of notification, whether it may come by email (in the digest) and by Web Push. */
export const ZNotificationSettingsSchema = z.object({
  messages: ZChannelsSchema,
  likes: ZChannelsSchema,
  winks: ZChannelsSchema,
  favorites: ZChannelsSchema,
  visits: ZChannelsSchema,
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettingsSchema>;
export const ZNotificationSettingsResponseSchema = resourceResponse(ZNotificationSettingsSchema);

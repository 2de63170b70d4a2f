import type { TNotificationSettings } from "@velvet/shared/api/push";
import { pushEndpoints } from "@velvet/shared/contract/push";
import { callEndpoint } from "../../lib/api-client";

export const fetchPushPublicKey = async () => (await callEndpoint(pushEndpoints.publicKey)).data.public_key;

export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  callEndpoint(pushEndpoints.subscribe, {
    body: {
      endpoint: subscription.endpoint ?? "",
      keys: { p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" },
    },
  });

export const forgetPushSubscription = (endpoint: string) =>
  callEndpoint(pushEndpoints.unsubscribe, { body: { endpoint } });

export const fetchNotificationSettings = async () => (await callEndpoint(pushEndpoints.settings)).data;

export const saveNotificationSettings = async (settings: TNotificationSettings) =>
  (await callEndpoint(pushEndpoints.updateSettings, { body: settings })).data;

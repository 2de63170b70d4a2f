/**
 * Who may call each API route, for the authorization suite. Every
 * route of the OpenAPI document must appear here or under a console prefix: the
 * suite fails on a route it does not know, so a new route needs a decision.
 *
 * - public: guests may call it (it may still refuse a missing token or cookie).
 * - member: signed-in members only, acting on themselves (or on another profile as
 *   that profile's visitor, like a wink); a guest gets 401.
 * - owner: acts on an object the path names, which must be the caller's own; a
 *   guest gets 401 and another member 403 or 404, with the object untouched.
 * Routes under /api/admin/ and /api/operator/ are staff-only by prefix (guest 401,
 * member 403), checked for every such route without a line here.
 */
export type OwnedObject = "conversation" | "photo" | "notification" | "payment";

export type RouteAccess =
  | { access: "public" }
  | {
      access: "member";
      /** Calling it changes the caller's own session or account, so it runs as a throwaway member. */
      spendsCaller?: boolean;
    }
  | {
      access: "owner";
      object: OwnedObject;
      /** A body valid in every other way, so only the ownership check can refuse it. */
      body?: (objectId: string) => Record<string, unknown>;
      /** Statuses that count as refusing; 403 or 404 unless the object only appears in the body. */
      refusedWith?: number[];
    };

export const STAFF_PREFIXES = ["/api/admin/", "/api/operator/"];

const publicRoute: RouteAccess = { access: "public" };
const member: RouteAccess = { access: "member" };
const spendsCaller: RouteAccess = { access: "member", spendsCaller: true };
const conversation = (body?: Record<string, unknown>): RouteAccess => ({
  access: "owner",
  object: "conversation",
  body: body && (() => body),
});

export const routeAccess: Record<string, RouteAccess> = {
  "GET /api/health": publicRoute,
  "GET /api/client-config": publicRoute,
  "GET /api/openapi.json": publicRoute,
  "GET /api/bot-check/challenge": publicRoute,
  "POST /api/register": publicRoute,
  "POST /api/login": publicRoute,
  "POST /api/login/two-factor": publicRoute,
  "POST /api/refresh": publicRoute,
  "POST /api/email/verify": publicRoute,
  "POST /api/password/email": publicRoute,
  "POST /api/password/reset": publicRoute,
  "POST /api/impersonate": publicRoute,
  "POST /api/unsubscribe": publicRoute,
  "POST /api/user-track-clicks": publicRoute,
  "POST /api/push-notification-clicks": publicRoute,
  "GET /api/credit-prices": publicRoute,
  "GET /api/credit-packages": publicRoute,
  "GET /api/payment/auth/:custom1": publicRoute,
  "POST /api/payments/webhooks/test": publicRoute,
  "GET /api/onlines/count": publicRoute,
  "POST /api/reports": publicRoute,
  "GET /api/pages/:slug": publicRoute,
  "POST /api/support-tickets": publicRoute,
  "POST /api/broadcasting/auth": publicRoute,
  "POST /api/pusher/auth": publicRoute,
  "POST /api/pusher/user-auth": publicRoute,

  "POST /api/logout": spendsCaller,
  "POST /api/me": member,
  "POST /api/email/resend": member,
  "PUT /api/account/email": member,
  "PUT /api/account/password": member,
  "PUT /api/account/preferences": member,
  "POST /api/account/deactivate": spendsCaller,
  "POST /api/account/reactivate": spendsCaller,
  "DELETE /api/account": spendsCaller,
  "GET /api/account/export": member,
  "POST /api/site-popups": member,

  "GET /api/profiles": member,
  "GET /api/profiles/:uuid": member,
  "GET /api/profile": member,
  "PUT /api/profile": member,
  "POST /api/profiles/:uuid/like": member,
  "DELETE /api/profiles/:uuid/like": member,
  "POST /api/profiles/:uuid/wink": member,
  "POST /api/profiles/:uuid/favorite": member,
  "DELETE /api/profiles/:uuid/favorite": member,
  "POST /api/profiles/:uuid/block": member,
  "DELETE /api/profiles/:uuid/block": member,
  "GET /api/my-favorites": member,
  "GET /api/my-likes": member,
  "GET /api/saved-searches": member,
  "POST /api/saved-searches": member,
  "DELETE /api/saved-searches/:id": member,
  "GET /api/blocks": member,
  "GET /api/account/sessions": member,
  "DELETE /api/account/sessions/:id": spendsCaller,
  "DELETE /api/account/sessions": spendsCaller,
  "GET /api/account/notification-settings": member,
  "PUT /api/account/notification-settings": member,
  "GET /api/push/public-key": member,
  "POST /api/push/subscriptions": member,
  "DELETE /api/push/subscriptions": member,
  "GET /api/account/two-factor": member,
  "POST /api/account/two-factor/setup": spendsCaller,
  "POST /api/account/two-factor/enable": spendsCaller,
  "POST /api/account/two-factor/disable": spendsCaller,
  "GET /api/payments": member,
  "GET /api/account/spending-limit": member,
  "PUT /api/account/spending-limit": spendsCaller,
  "POST /api/account/cool-off": spendsCaller,
  "GET /api/my-visitors": member,
  "POST /api/profile/photos": member,
  "GET /api/profile/photos": member,
  "POST /api/payments": member,
  "POST /api/ab-test-events": member,
  "POST /api/account/deletion-offer": spendsCaller,
  "GET /api/user-conversations": member,
  "POST /api/profiles/:uuid/messages": member,
  "POST /api/message-images": member,
  "GET /api/user-notifications": member,
  "GET /api/notifications/count": member,
  "POST /api/user-notifications/read-all": member,
  "POST /api/user-notifications/:senderName/mute": member,
  "DELETE /api/user-notifications/:senderName/unmute": member,

  "GET /api/user-conversations/:uuid": conversation(),
  "GET /api/user-conversations/:uuid/messages": conversation(),
  "POST /api/user-conversations/:uuid/messages": conversation({
    type: "text",
    text: "Not your conversation",
    client_id: "5f0c8a52-6f8e-4c59-9d59-1b8a3c0e7a11",
  }),
  "POST /api/user-conversations/:uuid/read": conversation({ up_to_id: 1 }),
  "PUT /api/user-conversations/:uuid/star": conversation(),
  "DELETE /api/user-conversations/:uuid/star": conversation(),
  "DELETE /api/user-conversations/:uuid": conversation(),
  "DELETE /api/user-conversations/:uuid/messages/:messageId": conversation(),
  "PUT /api/profile/photos/:uuid/primary": { access: "owner", object: "photo" },
  "DELETE /api/profile/photos/:uuid": { access: "owner", object: "photo" },
  "PUT /api/profile/photos/:uuid/crop": {
    access: "owner",
    object: "photo",
    body: () => ({ crop: { x: 0, y: 0, width: 200, height: 200, rotation: 0 } }),
  },
  // The photo is named in the body, so refusing it is a field error on `order`.
  "PUT /api/profile/photos/order": {
    access: "owner",
    object: "photo",
    body: (photoUuid) => ({ order: [photoUuid] }),
    refusedWith: [422],
  },
  "PUT /api/user-notifications/:id": { access: "owner", object: "notification" },
  "DELETE /api/user-notifications/:id": { access: "owner", object: "notification" },
  "GET /api/payments/:id": { access: "owner", object: "payment" },
  "GET /api/payments/:id/receipt": { access: "owner", object: "payment" },
};

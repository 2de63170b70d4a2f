import { ZPushClickQuerySchema, ZSitePopupRequestSchema } from "../api/notifications";
import { ZTrackClickRequestSchema } from "../api/tracking";
import { defineEndpoint } from "./endpoint";

/** Reporting-only events (spec §7): nothing comes back but a 204. */
export const trackingEndpoints = {
  click: defineEndpoint({
    method: "POST",
    path: "/api/user-track-clicks",
    body: ZTrackClickRequestSchema,
    responses: { 204: null },
    auth: "optional",
    tags: ["tracking"],
    summary: "Record a navigation click (spec §7)",
  }),
  sitePopup: defineEndpoint({
    method: "POST",
    path: "/api/site-popups",
    body: ZSitePopupRequestSchema,
    responses: { 204: null },
    auth: "member",
    tags: ["tracking"],
    summary: "Record a notification popup shown (IMPRESSION) or clicked (CLICKED), for reporting",
  }),
  pushClick: defineEndpoint({
    method: "POST",
    path: "/api/push-notification-clicks",
    query: ZPushClickQuerySchema,
    responses: { 204: null },
    auth: "optional",
    tags: ["tracking"],
    summary: "Record a click on a browser push notification (query x=28, t=1 or 2)",
  }),
};

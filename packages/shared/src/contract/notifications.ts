import { ZPageQuerySchema } from "../api/envelope";
import {
  ZNotificationCountResponseSchema,
  ZNotificationListResponseSchema,
  ZNotificationSchema,
} from "../api/notifications";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const tags = ["notifications"];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const senderParams = z.object({ senderName: z.string().trim().min(1).max(40) });
const ZMuteResponse = z.object({ data: z.object({ username: z.string(), muted: z.boolean() }) });

/** The member's notifications (spec §7, docs/notifications.md). */
export const notificationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/user-notifications",
    query: ZPageQuerySchema,
    responses: { 200: ZNotificationListResponseSchema },
    auth: "member",
    tags,
    summary: "My notifications, newest first",
  }),
  count: defineEndpoint({
    method: "GET",
    path: "/api/notifications/count",
    responses: { 200: ZNotificationCountResponseSchema },
    auth: "member",
    tags,
    summary: "How many of my notifications are unread",
  }),
  readAll: defineEndpoint({
    method: "POST",
    path: "/api/user-notifications/read-all",
    responses: { 200: ZNotificationCountResponseSchema },
    auth: "member",
    tags,
    summary: "Mark all my notifications read",
  }),
  markRead: defineEndpoint({
    method: "PUT",
    path: "/api/user-notifications/:id",
    params: idParams,
    responses: { 200: z.object({ data: ZNotificationSchema }) },
    auth: "member",
    tags,
    summary: "Mark one of my notifications read (404 for anyone else's)",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/user-notifications/:id",
    params: idParams,
    responses: { 200: z.object({ data: z.object({ deleted: z.boolean() }) }) },
    auth: "member",
    tags,
    summary: "Delete one of my notifications (404 for anyone else's; 403 without features.muteUserNotifications)",
  }),
  mute: defineEndpoint({
    method: "POST",
    path: "/api/user-notifications/:senderName/mute",
    params: senderParams,
    responses: { 200: ZMuteResponse },
    auth: "member",
    tags,
    summary:
      "Stop notifications from a member (by username) until unmuted (403 without features.muteUserNotifications)",
  }),
  unmute: defineEndpoint({
    method: "DELETE",
    path: "/api/user-notifications/:senderName/unmute",
    params: senderParams,
    responses: { 200: ZMuteResponse },
    auth: "member",
    tags,
    summary: "Undo a mute",
  }),
};

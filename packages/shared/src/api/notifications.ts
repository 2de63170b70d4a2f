import { z } from "../validation/z";

export const notificationActionTypes = [
  "MESSAGE_RECEIVED",
  "PROFILE_VIEW",
  "USER_LIKE",
  "USER_FAVORITE",
  "PROFILE_WINK",
] as const;
export type NotificationActionType = (typeof notificationActionTypes)[number];

/** The notification resource of spec §3, as GET /api/user-notifications lists it and NEW_NOTIFICATION carries it. */
export const ZNotificationSchema = z.object({
  id: z.number().int(),
  read_at: z.string().nullable(),
  isUnread: z.boolean(),
  data: z
    .object({
      timestamp: z.number().int(),
      action_type: z.enum(notificationActionTypes),
      from_user_name: z.string(),
      from_user_uuid: z.string(),
      image: z.string(),
    })
    .catchall(z.unknown()),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 15;

export const ZNotificationListResponseSchema = z.object({
  data: z.array(ZNotificationSchema),
  meta: z.object({ current_page: z.number().int(), last_page: z.number().int(), total: z.number().int() }),
});
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponseSchema>;

export const ZNotificationCountResponseSchema = z.object({ data: z.object({ count: z.number().int() }) });

export const popupActionTypes = ["IMPRESSION", "CLICKED"] as const;

export const ZSitePopupRequestSchema = z.object({
  profile_user_uuid: z.uuid(),
  notification_type: z.enum(notificationActionTypes),
  action_type: z.enum(popupActionTypes),
});

export const ZPushClickQuerySchema = z.object({
  x: z.coerce.number().int().min(0).max(1_000_000),
  t: z.coerce.number().int().min(0).max(100),
});

export const ZMemberFeaturesRequestSchema = z.object({
  muteUserNotifications: z.boolean().optional(),
  promoBadge: z.enum(["v1", "v2"]).nullable().optional(),
});
export type TMemberFeaturesRequest = z.input<typeof ZMemberFeaturesRequestSchema>;
/** A member's feature flags after the change, every flag they have. */
export const ZMemberFeaturesResponseSchema = z.object({
  data: z.record(z.string(), z.union([z.string(), z.boolean()])),
});

export const notificationMessages = {
  cannotMuteSelf: "You cannot mute your own notifications.",
  unknownMember: "There is no member with that name.",
  /** Deleting and muting are a per-member feature (features.muteUserNotifications) that admins switch on. */
  managingUnavailable: "Deleting and muting notifications is not available on your account.",
} as const;

/** What the notification list tells the member in its toasts (spec §8), verbatim. */
export const notificationToastMessages = {
  muted: (name: string) => `You won't receive notifications from ${name} anymore.`,
  unmuted: (name: string) => `Notifications from ${name} are restored.`,
  deleted: "Notification deleted",
  muteFailed: "Failed to mute notifications.",
  undoMuteFailed: "Failed to undo mute.",
  /** Ours: the spec names no wording for a failed delete. */
  deleteFailed: "Failed to delete notification.",
} as const;

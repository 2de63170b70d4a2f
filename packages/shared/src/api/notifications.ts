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

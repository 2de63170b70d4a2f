import { notificationKinds, type TNotificationKind, type TNotificationSettings } from "@velvet/shared/api/push";
import type { UserPreferences } from "../db/schema/members";

/** The kind of setting each notification's action type falls under (the bell's types, spec §3). */
export const kindOfAction: Readonly<Record<string, TNotificationKind>> = {
  MESSAGE_RECEIVED: "messages",
  USER_LIKE: "likes",
  PROFILE_WINK: "winks",
  USER_FAVORITE: "favorites",
  PROFILE_VIEW: "visits",
};

/**
 * The member's per-kind settings with their defaults: everything on, except that email follows the older
 * "notification emails" switch (`preferences.email.notifications`, which unsubscribe links also turn off), so a
 * member who turned email off before these settings existed, or unsubscribed from a mail since, gets none.
 */
export function notificationSettingsOf(preferences: UserPreferences): TNotificationSettings {
  const emailAllowed = preferences.email?.notifications !== false;
  const stored = preferences.notifications ?? {};
  const settings = {} as TNotificationSettings;
  for (const kind of notificationKinds) {
    settings[kind] = {
      email: emailAllowed && stored[kind]?.email !== false,
      push: stored[kind]?.push !== false,
    };
  }
  return settings;
}

/**
 * The preferences with new per-kind settings. The older email switch follows them (on while any kind may be
 * emailed), so the two never disagree: an unsubscribe link turns it off again, and these settings show it.
 */
export function withNotificationSettings(
  preferences: UserPreferences,
  settings: TNotificationSettings,
): UserPreferences {
  const notifications: NonNullable<UserPreferences["notifications"]> = {};
  for (const kind of notificationKinds) notifications[kind] = { ...settings[kind] };
  const anyEmail = notificationKinds.some((kind) => settings[kind].email);
  return {
    ...preferences,
    notifications,
    email: { ...preferences.email, notifications: anyEmail },
  };
}

export function wantsNotification(
  preferences: UserPreferences,
  actionType: string,
  channel: "email" | "push",
): boolean {
  const kind = kindOfAction[actionType];
  return kind !== undefined && notificationSettingsOf(preferences)[kind][channel];
}

import type { TNotificationSettings } from "@velvet/shared/api/push";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { notificationSettingsOf, withNotificationSettings } from "../../platform/members/notification-settings";
import type { SessionUser } from "../../platform/members/types";

export function readNotificationSettings(user: SessionUser): TNotificationSettings {
  return notificationSettingsOf(user.preferences);
}

export async function saveNotificationSettings(
  context: AppContext,
  user: SessionUser,
  settings: TNotificationSettings,
): Promise<TNotificationSettings> {
  const preferences = withNotificationSettings(user.preferences, settings);
  await context.database.db.update(users).set({ preferences, updatedAt: new Date() }).where(eq(users.id, user.id));
  return notificationSettingsOf(preferences);
}

import type { TNotification } from "@velvet/shared/api/notifications";
import type { notifications } from "../../platform/db/schema/notifications";

type NotificationRow = typeof notifications.$inferSelect;

/** The resource of spec §3; the same shape in the list and in NEW_NOTIFICATION. */
export function presentNotification(row: Pick<NotificationRow, "id" | "readAt" | "data">): TNotification {
  return {
    id: row.id,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    isUnread: row.readAt === null,
    data: row.data as TNotification["data"],
  };
}

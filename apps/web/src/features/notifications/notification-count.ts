import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { useAuthStore } from "../auth/auth-store";
import { notificationKeys } from "./notification-keys";

/** Shape of GET /api/notifications/count; typed by hand because this runs in the first-load bundle (no zod). */
interface NotificationCountResponse {
  data: { count: number };
}

/**
 * The unread count on the bell. Fetched only for a signed-in, active member; a new
 * notification refreshes it through the real-time connection, not by polling.
 */
export function useUnreadNotificationCount(): number {
  const enabled = useAuthStore((state) => state.loggedIn && state.user !== null && !state.user.deactivated);
  const query = useQuery({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) =>
      api
        .get<NotificationCountResponse>("/notifications/count", { progress: false, signal })
        .then((response) => response.data.count),
    enabled,
  });
  return enabled ? (query.data ?? 0) : 0;
}

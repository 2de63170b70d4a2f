import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";
import { useAuthStore } from "../auth";
import { notificationKeys } from "./notification-keys";

/** This runs in the first-load bundle: the contract (and zod) is loaded when the count is first fetched. */
const notificationEndpoints = () =>
  import("@velvet/shared/contract/notifications").then((module) => module.notificationEndpoints);

/**
 * The unread count on the bell. Fetched only for a signed-in, active member; a new
 * notification refreshes it through the real-time connection, not by polling.
 */
export function useUnreadNotificationCount(): number {
  const enabled = useAuthStore((state) => state.loggedIn && state.user !== null && !state.user.deactivated);
  const query = useQuery({
    queryKey: notificationKeys.count,
    queryFn: async ({ signal }) => {
      const response = await callEndpoint((await notificationEndpoints()).count, {}, { progress: false, signal });
      return response.data.count;
    },
    enabled,
  });
  return enabled ? (query.data ?? 0) : 0;
}

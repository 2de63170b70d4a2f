import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import type { TNotification } from "@velvet/shared/api/notifications";
import { BellIcon } from "../../ui/icons";
import { NotificationItem } from "./NotificationItem";
import type { NotificationPages } from "./notification-cache";
import type { NotificationActions } from "./use-notification-actions";

const SKELETONS = ["a", "b", "c", "d"];

/** The list's body: loading, failure, 'All Clear', or the items with 'Load More' while another page exists. */
export function NotificationList({
  query,
  notifications,
  timeLabel,
  manageable,
  actions,
  onOpened,
}: {
  query: UseInfiniteQueryResult<NotificationPages>;
  notifications: TNotification[];
  timeLabel(notification: TNotification): string;
  manageable: boolean;
  actions: NotificationActions;
  /** After a click opened an item: the list closes (the route change would close it too, unless it is the same page). */
  onOpened(): void;
}) {
  if (query.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading notifications">
        {SKELETONS.map((key) => (
          <li key={key} className="flex items-center gap-3.5 px-5 py-3">
            <span className="size-12 animate-pulse rounded-full bg-velvet-100" />
            <span className="flex-1 space-y-2">
              <span className="block h-3.5 w-3/4 animate-pulse rounded bg-velvet-100" />
              <span className="block h-3 w-1/4 animate-pulse rounded bg-velvet-50" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && notifications.length === 0) {
    return (
      <div className="px-6 py-12 text-center">
        <p className="font-semibold text-velvet-900">We couldn't load your notifications just now.</p>
        <button type="button" className="btn-outline mt-4" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (notifications.length === 0) {
    return (
      <div className="px-6 py-14 text-center">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-velvet-500 text-white shadow-glow">
          <BellIcon className="size-8" />
        </span>
        <h3 className="mt-5 text-2xl font-semibold text-velvet-900">All Clear</h3>
        <p className="mx-auto mt-1.5 max-w-64 text-sm text-muted">
          Likes, profile views and messages will show up here as they happen.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="divide-y divide-velvet-50" aria-label="Notification list">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            timeLabel={timeLabel(notification)}
            manageable={manageable}
            onOpen={(opened) => {
              actions.opened(opened);
              onOpened();
            }}
            onDelete={(deleted) => void actions.remove(deleted)}
            onMute={(muted) => void actions.mute(muted)}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="border-t border-velvet-50 px-4 py-4 text-center">
          <button
            type="button"
            className="btn-outline w-full"
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? (
              <span
                className="size-4 animate-spin rounded-full border-2 border-velvet-200 border-t-velvet-600"
                aria-hidden="true"
              />
            ) : null}
            Load More
          </button>
        </div>
      ) : null}
    </>
  );
}

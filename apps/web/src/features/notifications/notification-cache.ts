import type { InfiniteData } from "@tanstack/react-query";
import type { TNotification, TNotificationListResponse } from "@velvet/shared/api/notifications";

/**
 * Pure changes to the cached notification list (pages of GET /api/user-notifications),
 * applied with queryClient.setQueryData so the list answers at once.
 */
export type NotificationPages = InfiniteData<TNotificationListResponse>;

function mapNotifications(
  pages: NotificationPages | undefined,
  change: (notification: TNotification) => TNotification,
): NotificationPages | undefined {
  if (!pages) return pages;
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, data: page.data.map(change) })) };
}

/**
 * A new notification resets the list to page 1 (spec §4): the later pages are dropped, so the
 * refetch that follows asks for page 1 only and "Load More" continues from the new page 2.
 */
export function keepFirstPage(pages: NotificationPages | undefined): NotificationPages | undefined {
  if (!pages || pages.pages.length <= 1) return pages;
  return { pages: pages.pages.slice(0, 1), pageParams: pages.pageParams.slice(0, 1) };
}

function markRead(notification: TNotification, readAt: string): TNotification {
  return notification.read_at ? notification : { ...notification, read_at: readAt, isUnread: false };
}

/** Opening the mobile list, or the read-all action, sets read_at on every listed notification. */
export function markAllRead(pages: NotificationPages | undefined, readAt: string): NotificationPages | undefined {
  return mapNotifications(pages, (notification) => markRead(notification, readAt));
}

/** Clicking an item saves it read. */
export function markOneRead(
  pages: NotificationPages | undefined,
  id: number,
  readAt: string,
): NotificationPages | undefined {
  return mapNotifications(pages, (notification) =>
    notification.id === id ? markRead(notification, readAt) : notification,
  );
}

export function removeNotification(pages: NotificationPages | undefined, id: number): NotificationPages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, data: page.data.filter((notification) => notification.id !== id) })),
  };
}

/** Every listed notification once, in order: a page fetched after others shifted may repeat an item. */
export function listedNotifications(pages: NotificationPages | undefined): TNotification[] {
  const seen = new Set<number>();
  const listed: TNotification[] = [];
  for (const page of pages?.pages ?? []) {
    for (const notification of page.data) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      listed.push(notification);
    }
  }
  return listed;
}

/** More pages exist while current_page is below last_page (spec §4). */
export function nextPageAfter(page: TNotificationListResponse): number | undefined {
  return page.meta.current_page < page.meta.last_page ? page.meta.current_page + 1 : undefined;
}

import { useInfiniteQuery } from "@tanstack/react-query";
import { limits } from "@velvet/shared/constants/limits";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useMediaQuery } from "../../lib/use-media-query";
import { CloseIcon } from "../../ui/icons";
import { useAuthStore } from "../auth";
import { useRelativeTime } from "../messages";
import { trackClick } from "../tracking";
import { BrowserAlertsPrompt } from "./BrowserAlertsPrompt";
import { NotificationList } from "./NotificationList";
import { listedNotifications, nextPageAfter } from "./notification-cache";
import { useUnreadNotificationCount } from "./notification-count";
import { notificationKeys } from "./notification-keys";
import { fetchNotificationPage } from "./notifications-api";
import { useNotificationActions } from "./use-notification-actions";

/** Spec §9: desktop from 1024 px; below it the list is a full panel. */
const DESKTOP_QUERY = `(min-width: ${limits.desktopBreakpointPx + 1}px)`;

/**
 * The notification list (spec §2), loaded on first open: a dropdown from the bell on
 * desktop, a full panel on smaller screens. Opening the panel marks what it lists read.
 */
export default function NotificationPanel({ onClose }: { onClose(): void }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const titleId = useId();
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const manageable = useAuthStore((state) => state.user?.features.muteUserNotifications === true);
  const unread = useUnreadNotificationCount();
  const timeLabel = useRelativeTime();
  const actions = useNotificationActions();
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageAfter,
    enabled: loggedIn,
  });
  const notifications = useMemo(() => listedNotifications(query.data), [query.data]);

  // Opening the mobile list reads what it shows (spec §4), once per opening. Decided as it opens:
  // a later change of width (a rotated phone, a full-page screenshot) is not an opening.
  const [openedAsPanel] = useState(() => !window.matchMedia(DESKTOP_QUERY).matches);
  const readOnOpen = useRef(false);
  useEffect(() => {
    if (!openedAsPanel || readOnOpen.current || !query.data) return;
    readOnOpen.current = true;
    if (unread > 0 || notifications.some((notification) => notification.read_at === null)) actions.readAll();
  }, [openedAsPanel, query.data, unread, notifications, actions]);

  // Keyboard and screen-reader users land in the list they opened (Escape takes them back to the bell).
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus({ preventScroll: true }), []);

  // The full panel covers the page: the page behind it should not scroll.
  useEffect(() => {
    if (desktop) return;
    const { style } = document.documentElement;
    const previous = style.overflow;
    style.overflow = "hidden";
    return () => {
      style.overflow = previous;
    };
  }, [desktop]);

  const panel = (
    <div
      ref={dialog}
      tabIndex={-1}
      role="dialog"
      aria-labelledby={titleId}
      data-notification-panel
      data-variant={desktop ? "dropdown" : "panel"}
      className={
        desktop
          ? "absolute top-full right-0 z-40 outline-none motion-safe:animate-[panel-in_160ms_ease-out] mt-3 flex max-h-[min(38rem,calc(100dvh-6rem))] w-[25rem] flex-col overflow-hidden rounded-card bg-white text-ink shadow-lift ring-1 ring-velvet-900/5"
          : "fixed inset-x-0 top-16 bottom-0 z-40 flex flex-col bg-white text-ink outline-none"
      }
    >
      <header className="flex items-center gap-2.5 border-b border-velvet-100 px-4 py-3.5 sm:px-5">
        <h2 id={titleId} className="text-xl font-semibold text-velvet-950">
          Notifications
        </h2>
        {unread > 0 ? (
          <span className="rounded-pill bg-rose-500 px-2 py-0.5 text-xs font-bold text-white tabular-nums">
            {unread > 99 ? "99+" : unread} new
          </span>
        ) : null}
        <span className="flex-1" />
        {desktop && unread > 0 ? (
          <button
            type="button"
            onClick={() => actions.readAll()}
            className="rounded-pill px-2.5 py-1 text-xs font-semibold text-velvet-600 hover:bg-velvet-50 hover:text-velvet-800"
          >
            Mark all read
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => {
            void trackClick("notification", "close_btn", "closed");
            onClose();
          }}
          aria-label="Close notifications"
          className="grid size-9 place-items-center rounded-full text-velvet-500 transition hover:bg-velvet-50 hover:text-velvet-900"
        >
          <CloseIcon className="size-5" />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <NotificationList
          query={query}
          notifications={notifications}
          timeLabel={(notification) => timeLabel(notification.data.timestamp * 1000)}
          manageable={manageable}
          actions={actions}
          onOpened={onClose}
        />
      </div>
      <BrowserAlertsPrompt />
    </div>
  );
  return desktop ? panel : createPortal(panel, document.body);
}

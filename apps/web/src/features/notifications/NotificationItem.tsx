import type { TNotification } from "@velvet/shared/api/notifications";
import { Link } from "react-router";
import { NotificationAvatar } from "./NotificationAvatar";
import { NotificationItemMenu } from "./NotificationItemMenu";
import { latestMessageText, notificationTarget, notificationText } from "./notification-content";

/** One notification: avatar with action icon, sender, what happened, when; a click opens it and saves it read. */
export function NotificationItem({
  notification,
  timeLabel,
  manageable,
  onOpen,
  onDelete,
  onMute,
}: {
  notification: TNotification;
  timeLabel: string;
  /** The per-item menu, with features.muteUserNotifications only. */
  manageable: boolean;
  onOpen(notification: TNotification): void;
  onDelete(notification: TNotification): void;
  onMute(notification: TNotification): void;
}) {
  const unread = notification.read_at === null;
  const name = notification.data.from_user_name;
  const latest = latestMessageText(notification);
  return (
    <li
      className={`relative flex items-center transition-colors hover:bg-velvet-50/80 ${unread ? "bg-rose-50/70" : ""}`}
      data-unread={unread || undefined}
    >
      {unread ? <span className="absolute inset-y-2 left-0 w-1 rounded-r-full bg-rose-500" aria-hidden="true" /> : null}
      <Link
        to={notificationTarget(notification)}
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 items-center gap-3.5 py-3 pl-4 pr-2 sm:pl-5"
      >
        <NotificationAvatar notification={notification} />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm leading-snug text-ink">
            <span className={unread ? "font-bold text-velvet-950" : "font-semibold text-velvet-900"}>{name}</span>{" "}
            <span className={unread ? "text-ink" : "text-muted"}>{notificationText(notification)}</span>
          </span>
          {latest ? (
            <span className="mt-0.5 block truncate text-[13px] text-muted" data-testid="notification-latest">
              “{latest}”
            </span>
          ) : null}
          <time
            dateTime={new Date(notification.data.timestamp * 1000).toISOString()}
            className={`mt-0.5 block text-xs ${unread ? "font-semibold text-rose-600" : "text-muted"}`}
          >
            {timeLabel}
          </time>
          {unread ? <span className="sr-only">(unread)</span> : null}
        </span>
      </Link>
      {manageable ? (
        <NotificationItemMenu
          senderName={name}
          onDelete={() => onDelete(notification)}
          onMute={() => onMute(notification)}
        />
      ) : (
        <span className="w-2" />
      )}
    </li>
  );
}

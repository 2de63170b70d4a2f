import type { TNotification } from "@velvet/shared/api/notifications";
import type { ReactNode } from "react";
import { ChatIcon, EyeIcon, HeartIcon, StarIcon, WinkIcon } from "../../ui/icons";
import { type NotificationIconKind, notificationIconKind } from "./notification-content";

const badges: Record<NotificationIconKind, { tone: string; icon(className: string): ReactNode }> = {
  message: { tone: "bg-velvet-600", icon: (className) => <ChatIcon className={className} strokeWidth={2.4} /> },
  view: { tone: "bg-sky-500", icon: (className) => <EyeIcon className={className} strokeWidth={2.4} /> },
  like: { tone: "bg-rose-500", icon: (className) => <HeartIcon className={className} fill="currentColor" /> },
  favorite: { tone: "bg-amber-400", icon: (className) => <StarIcon className={className} filled /> },
  wink: {
    tone: "bg-gradient-to-br from-fuchsia-500 to-velvet-500",
    icon: (className) => <WinkIcon className={className} strokeWidth={2.4} />,
  },
};

const sizes = {
  md: { image: "size-11", badge: "size-5 -right-0.5 -bottom-0.5", icon: "size-3" },
  lg: { image: "size-12", badge: "size-6 -right-1 -bottom-1", icon: "size-3.5" },
} as const;

/** The sender's photo with the action's icon on its corner (spec §2: avatar and action icon). */
export function NotificationAvatar({
  notification,
  size = "lg",
}: {
  notification: Pick<TNotification, "data">;
  size?: keyof typeof sizes;
}) {
  const kind = notificationIconKind(notification);
  const badge = badges[kind];
  const style = sizes[size];
  return (
    <span className="relative inline-flex shrink-0" data-icon={kind}>
      <img
        src={notification.data.image}
        alt=""
        className={`${style.image} rounded-full bg-velvet-100 object-cover`}
        loading="lazy"
        decoding="async"
      />
      <span
        className={`absolute ${style.badge} grid place-items-center rounded-full text-white ring-2 ring-white ${badge.tone}`}
        aria-hidden="true"
      >
        {badge.icon(style.icon)}
      </span>
    </span>
  );
}

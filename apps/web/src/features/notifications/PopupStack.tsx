import type { TNotification } from "@velvet/shared/api/notifications";
import { timings } from "@velvet/shared/constants/limits";
import type { CSSProperties } from "react";
import { Link } from "react-router";
import { CloseIcon } from "../../ui/icons";
import { popupDismissButton, trackClick } from "../tracking";
import { NotificationAvatar } from "./NotificationAvatar";
import { notificationSentence, notificationTarget, notificationText } from "./notification-content";
import { usePopupStore } from "./popup-store";
import { recordPopupEvent } from "./popup-tracking";

/** The in-page popups, newest at the top, under the navbar: top-right on desktop, full width on a phone. */
export default function PopupStack() {
  const popups = usePopupStore((state) => state.popups);
  const dismiss = usePopupStore((state) => state.dismiss);
  return (
    <section
      aria-label="New notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 top-[4.75rem] z-50 flex flex-col gap-2.5 sm:inset-x-auto sm:right-5 sm:w-[23rem]"
    >
      {[...popups].reverse().map((popup) => (
        <Popup key={popup.id} notification={popup} onDismiss={() => dismiss(popup.id)} />
      ))}
    </section>
  );
}

function Popup({ notification, onDismiss }: { notification: TNotification; onDismiss(): void }) {
  return (
    <article className="pointer-events-auto motion-safe:animate-[popup-in_240ms_cubic-bezier(0.2,0.9,0.3,1.2)] relative overflow-hidden rounded-2xl bg-white/95 text-ink shadow-lift ring-1 ring-velvet-900/5 backdrop-blur">
      <Link
        to={notificationTarget(notification)}
        onClick={() => {
          recordPopupEvent(notification, "CLICKED");
          onDismiss();
        }}
        aria-label={notificationSentence(notification)}
        className="flex items-center gap-3.5 py-3 pr-12 pl-3.5 transition hover:bg-velvet-50/60"
      >
        <NotificationAvatar notification={notification} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-bold text-velvet-950">{notification.data.from_user_name}</span>
          <span className="block truncate text-sm text-velvet-800">{notificationText(notification)}</span>
          <span className="mt-0.5 block text-[11px] font-semibold tracking-wide text-rose-600 uppercase">Just now</span>
        </span>
      </Link>
      <button
        type="button"
        onClick={() => {
          void trackClick("popup", popupDismissButton(window.innerWidth), "closed");
          onDismiss();
        }}
        aria-label="Close"
        className="absolute top-2 right-2 grid size-8 place-items-center rounded-full text-velvet-400 transition hover:bg-velvet-100 hover:text-velvet-800"
      >
        <CloseIcon className="size-4" />
      </button>
      {/* How long it stays: the bar runs out with the popup's 5 seconds. */}
      <span
        aria-hidden="true"
        style={{ "--popup-lifetime": `${timings.notificationPopupLifetimeMs}ms` } as CSSProperties}
        className="absolute inset-x-0 bottom-0 h-0.5 origin-left bg-gradient-to-r from-rose-500 to-velvet-500 motion-safe:animate-[popup-lifetime_var(--popup-lifetime)_linear_forwards]"
      />
    </article>
  );
}

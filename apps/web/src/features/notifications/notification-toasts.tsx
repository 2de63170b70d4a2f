import { notificationToastMessages } from "@velvet/shared/api/notifications";
import { timings } from "@velvet/shared/constants/limits";
import { BellIcon, BellSlashIcon, TrashIcon } from "../../ui/icons";
import { toast } from "../../ui/toast";

/**
 * The notification list's toasts (spec §8, §9): bottom-right, whatever the app's
 * default corner; each with its own duration and action.
 */
const corner = { position: "bottom-right" } as const;
/** sonner closes a toast once its action has run: a Close action needs nothing more. */
const closeAction = { label: "Close", onClick: () => {} };
const iconClass = "size-5 text-rose-300";

export function toastMuted(name: string, undo: () => void): void {
  toast(notificationToastMessages.muted(name), {
    ...corner,
    duration: timings.muteToastMs,
    icon: <BellSlashIcon className={iconClass} />,
    action: { label: "Undo", onClick: undo },
  });
}

export function toastUnmuted(name: string): void {
  toast(notificationToastMessages.unmuted(name), {
    ...corner,
    duration: timings.undoMuteToastMs,
    icon: <BellIcon className={iconClass} />,
    action: closeAction,
  });
}

export function toastDeleted(): void {
  toast(notificationToastMessages.deleted, {
    ...corner,
    duration: timings.deletionToastMs,
    icon: <TrashIcon className={iconClass} />,
    action: closeAction,
  });
}

export function toastFailure(message: string): void {
  toast.error(message, { ...corner, duration: timings.errorToastMs });
}

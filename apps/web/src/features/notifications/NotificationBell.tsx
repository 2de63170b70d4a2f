import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { BellIcon } from "../../ui/icons";
import { useAuthStore } from "../auth";
import { trackClick } from "../tracking";
import { useUnreadNotificationCount } from "./notification-count";

const loadPanel = () => import("./NotificationPanel");
const NotificationPanel = lazy(loadPanel);

/** Clicks here do not close the list: its own (portalled) panel, an item's menu, and the toasts it raises. */
const INSIDE_LIST = "[data-notification-panel], [role=menu], [data-sonner-toaster]";

/**
 * The navbar bell with the unread count (spec §2). The list itself is a separate
 * chunk, fetched when the pointer comes near the bell or on the first click.
 */
export function NotificationBell({ tone }: { tone: "light" | "dark" }) {
  const deactivated = useAuthStore((state) => state.user?.deactivated === true);
  const unread = useUnreadNotificationCount();
  const location = useLocation();
  // Open on the location where it was opened: any navigation closes it (spec §2), with no effect to run.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = () => setOpenAt(null);
  const root = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (root.current?.contains(target) || target?.closest?.(INSIDE_LIST)) return;
      setOpenAt(null);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenAt(null);
      bell.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  if (deactivated) return null;
  const text = tone === "light" ? "text-white/90 hover:text-white" : "text-velvet-800 hover:text-velvet-950";
  const active = tone === "light" ? "bg-white/15 text-white" : "bg-velvet-50";
  return (
    <div ref={root} className="relative">
      <button
        ref={bell}
        type="button"
        onClick={() => {
          void trackClick("notification", "bell_btn", open ? "closed" : "opened");
          setOpenAt(open ? null : location.key);
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        className={`relative grid place-items-center rounded-pill p-2 transition ${text} ${open ? active : ""}`}
      >
        {/* Keyed by the count, so the bell rings again whenever it rises. */}
        <BellIcon
          key={unread}
          className={`size-6 ${unread > 0 ? "origin-top motion-safe:animate-[bell-ring_900ms_ease-in-out_1]" : ""}`}
        />
        {unread > 0 ? (
          <span className="absolute top-0.5 right-0.5 grid h-[1.1rem] min-w-[1.1rem] place-items-center rounded-pill bg-rose-500 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-velvet-900">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}

import { type CSSProperties, useEffect, useRef, useState } from "react";
import { BellSlashIcon, MoreIcon, TrashIcon } from "../../ui/icons";

const MENU_HEIGHT_PX = 104;

/**
 * The per-item menu (spec §2: delete, mute), shown only with features.muteUserNotifications.
 * Fixed to the viewport beside its button, so the scrolling list never clips it.
 */
export function NotificationItemMenu({
  senderName,
  onDelete,
  onMute,
}: {
  senderName: string;
  onDelete(): void;
  onMute(): void;
}) {
  const [placement, setPlacement] = useState<CSSProperties | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const open = placement !== null;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setPlacement(null);
    };
    // A scroll that leaves the button where it was (the list settling, a scroll elsewhere) keeps the menu open.
    const openedAt = button.current?.getBoundingClientRect();
    const closeIfMoved = () => {
      const now = button.current?.getBoundingClientRect();
      if (!openedAt || !now || Math.abs(now.top - openedAt.top) > 1 || Math.abs(now.left - openedAt.left) > 1) {
        setPlacement(null);
      }
    };
    const close = () => setPlacement(null);
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Captured first and stopped: Escape closes this menu only, not the list around it.
      event.stopPropagation();
      setPlacement(null);
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape, true);
    // Fixed to where the button was: once a scroll moves the button the menu would float away, so it closes.
    document.addEventListener("scroll", closeIfMoved, true);
    window.addEventListener("resize", close);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape, true);
      document.removeEventListener("scroll", closeIfMoved, true);
      window.removeEventListener("resize", close);
    };
  }, [open]);

  const toggle = (button: HTMLButtonElement) => {
    if (open) return setPlacement(null);
    const rect = button.getBoundingClientRect();
    const right = window.innerWidth - rect.right;
    const fitsBelow = rect.bottom + MENU_HEIGHT_PX + 8 < window.innerHeight;
    setPlacement(fitsBelow ? { top: rect.bottom + 4, right } : { bottom: window.innerHeight - rect.top + 4, right });
  };

  const choose = (action: () => void) => () => {
    setPlacement(null);
    action();
  };

  return (
    <div ref={root} className="shrink-0 pr-2">
      <button
        ref={button}
        type="button"
        aria-label={`More options for ${senderName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(event) => toggle(event.currentTarget)}
        className={`grid size-9 place-items-center rounded-full text-velvet-400 transition hover:bg-velvet-100 hover:text-velvet-700 ${open ? "bg-velvet-100 text-velvet-700" : ""}`}
      >
        <MoreIcon className="size-5" />
      </button>
      {placement ? (
        <div
          role="menu"
          aria-label={`Options for ${senderName}`}
          style={placement}
          className="fixed z-50 w-60 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-2xl bg-white p-1.5 text-sm shadow-lift ring-1 ring-velvet-100"
        >
          <button
            type="button"
            role="menuitem"
            onClick={choose(onMute)}
            className="flex w-full items-center gap-2.5 rounded-xl px-3 py-2.5 text-left font-medium text-velvet-900 hover:bg-velvet-50"
          >
            <BellSlashIcon className="size-5 shrink-0 text-velvet-400" />
            <span className="truncate">Mute {senderName}</span>
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={choose(onDelete)}
            className="flex w-full items-center gap-2.5 rounded-xl px-3 py-2.5 text-left font-medium text-danger hover:bg-rose-50"
          >
            <TrashIcon className="size-5 shrink-0" />
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}

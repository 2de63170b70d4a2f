import { limits } from "@velvet/shared/constants/limits";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useAuthStore } from "../../features/auth/auth-store";
import { trackClick } from "../../features/tracking/track-click";
import { useMediaQuery } from "../../lib/use-media-query";
import { CloseIcon, MenuIcon } from "../icons";
import type { NavbarTone } from "./BalanceBlock";
import { CountBadge } from "./CountBadge";
import { showsMemberMenu } from "./member-menu";

const loadPanel = () => import("./FoldoutPanel");
const FoldoutPanel = lazy(loadPanel);

/**
 * The hamburger and its foldout (spec §2): on phones and tablets (below 1024 px,
 * spec §9) always; on a desktop only where the account strip, which carries the
 * menu there, is absent (the conversation page, open pages), so the menu and
 * Logout are always one click away. Open for the location it was opened on, so
 * any navigation closes it with no effect to run. The panel is its own chunk,
 * fetched as the finger or pointer comes near the button.
 */
export function FoldoutMenu({ tone, desktopMenuInStrip }: { tone: NavbarTone; desktopMenuInStrip: boolean }) {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Widened to a desktop (a rotated tablet) where the strip has the menu: the hamburger goes, and its foldout.
  const desktop = useMediaQuery(`(min-width: ${limits.desktopBreakpointPx + 1}px)`);
  const open = openAt === location.key && !(desktop && desktopMenuInStrip);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  if (!showsMemberMenu(user)) return null;
  const pending = user.unread_messages_count + user.new_visitors_count + user.new_likes_count + user.new_winks_count;
  const toggle = () => {
    void trackClick("foldout", "menu_btn", open ? "closed" : "opened");
    setOpenAt(open ? null : location.key);
  };
  const text = tone === "light" ? "text-white hover:bg-white/10" : "text-velvet-900 hover:bg-velvet-50";
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={toggle}
        onPointerEnter={() => void loadPanel()}
        onTouchStart={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={pending > 0 ? `Menu, ${pending} new` : "Menu"}
        className={`relative grid size-10 place-items-center rounded-pill transition ${desktopMenuInStrip ? "lg:hidden" : ""} ${text} ${open ? (tone === "light" ? "bg-white/15" : "bg-velvet-50") : ""}`}
      >
        {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        {open ? null : (
          <CountBadge
            count={pending}
            className={`absolute top-0.5 right-0 ring-2 ${tone === "light" ? "ring-velvet-900" : "ring-white"}`}
          />
        )}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FoldoutPanel
            id={panelId}
            toggle={button}
            onDismiss={(returnFocus) => {
              setOpenAt(null);
              if (returnFocus) button.current?.focus();
            }}
            onNavigate={() => setOpenAt(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

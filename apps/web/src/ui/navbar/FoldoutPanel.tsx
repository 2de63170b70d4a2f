import { createFocusTrap } from "focus-trap";
import { type ComponentType, type RefObject, type SVGProps, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link, NavLink } from "react-router";
import { logout, useAuthStore } from "../../features/auth/auth-store";
import { balanceLabel } from "../../features/credits/balance";
import { formatCount } from "../../lib/format-count";
import {
  ChatIcon,
  CogIcon,
  CoinIcon,
  EyeIcon,
  HeartIcon,
  LogoutIcon,
  PencilIcon,
  SearchIcon,
  StarIcon,
  UserIcon,
} from "../icons";
import { balanceUnit } from "./BalanceBlock";
import { EntryBadge } from "./CountBadge";
import { MemberAvatar } from "./MemberAvatar";
import {
  accountSettingsLink,
  badgeCount,
  closesFoldout,
  foldoutStats,
  memberLinks,
  showsMemberMenu,
  staffLinks,
} from "./member-menu";

const icons: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  "/dashboard": SearchIcon,
  "/messages": ChatIcon,
  "/my-profile": UserIcon,
  "/my-visitors": EyeIcon,
  "/my-likes": HeartIcon,
  "/my-favorites": StarIcon,
  "/credits/buy": CoinIcon,
  "/account": CogIcon,
  "/operator": ChatIcon,
  "/admin": CogIcon,
};

/**
 * The foldout (spec §2): who you are, the balance with a buy button, the three
 * figures, the menu and Logout. It sits under the navbar so the hamburger
 * stays the way to close it; focus is held between the two (focus-trap),
 * Escape closes it and returns to the hamburger, a tap outside closes it.
 */
export default function FoldoutPanel({
  id,
  toggle,
  onDismiss,
  onNavigate,
}: {
  id: string;
  toggle: RefObject<HTMLButtonElement | null>;
  onDismiss(returnFocus: boolean): void;
  onNavigate(): void;
}) {
  const user = useAuthStore((state) => state.user);
  const panel = useRef<HTMLDivElement>(null);
  // Right under the navbar, wherever it is (a sticky bar, or one scrolled with a landing page).
  const [top] = useState(() => Math.max(0, toggle.current?.closest("header")?.getBoundingClientRect().bottom ?? 64));
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useEffect(() => {
    const content = panel.current;
    const button = toggle.current;
    if (!content || !button) return;
    let closedByEscape = false;
    let unmounting = false;
    const trap = createFocusTrap([button, content], {
      initialFocus: () => content.querySelector<HTMLElement>("a[href], button") ?? content,
      fallbackFocus: content,
      escapeDeactivates: () => {
        closedByEscape = true;
        return true;
      },
      clickOutsideDeactivates: true,
      returnFocusOnDeactivate: false,
      onDeactivate: () => {
        if (!unmounting) dismiss.current(closedByEscape);
      },
    });
    trap.activate();
    return () => {
      unmounting = true;
      trap.deactivate();
    };
  }, [toggle]);

  // It covers the page on a phone: the page behind it should not scroll.
  useEffect(() => {
    const { style } = document.documentElement;
    const previous = style.overflow;
    style.overflow = "hidden";
    return () => {
      style.overflow = previous;
    };
  }, []);

  if (!showsMemberMenu(user)) return null;
  const balance = balanceLabel(user);
  const follow = (entry: { to: string | null }) => {
    if (closesFoldout(entry)) onNavigate();
  };

  return createPortal(
    <>
      <div
        aria-hidden="true"
        style={{ top }}
        className="fixed inset-x-0 bottom-0 z-30 bg-velvet-950/40 backdrop-blur-[2px]"
      />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-label="Menu"
        tabIndex={-1}
        data-foldout
        style={{ top }}
        className="fixed right-0 bottom-0 z-40 flex w-full flex-col overflow-y-auto overscroll-contain bg-cream-50 text-ink outline-none motion-safe:animate-[foldout-in_220ms_cubic-bezier(0.2,0.9,0.3,1)] sm:w-[24rem] sm:shadow-lift"
      >
        <section className="bg-gradient-to-br from-velvet-900 via-velvet-800 to-rose-600 px-5 pt-5 pb-10 text-white">
          <div className="flex items-center gap-4">
            <Link
              to="/profile/edit"
              onClick={() => follow({ to: "/profile/edit" })}
              className="relative shrink-0 rounded-full"
              aria-label="Edit profile"
            >
              <MemberAvatar user={user} size="lg" className="ring-2 ring-white/70" />
              <span className="absolute -right-0.5 -bottom-0.5 grid size-6 place-items-center rounded-full bg-white text-velvet-700 shadow-card">
                <PencilIcon className="size-3.5" strokeWidth={2.2} />
              </span>
            </Link>
            <div className="min-w-0">
              <Link
                to="/my-profile"
                onClick={() => follow({ to: "/my-profile" })}
                className="block truncate font-display text-2xl leading-tight font-semibold hover:underline"
                title={user.username}
              >
                {user.username}
              </Link>
              <p className="text-xs text-white/70">Tap your photo to change it</p>
            </div>
          </div>
          <div className="mt-5 flex items-center justify-between gap-3 rounded-2xl bg-white/10 p-3 pl-4 ring-1 ring-white/15 backdrop-blur">
            <div>
              <p className="text-[10px] font-semibold tracking-wider text-white/60 uppercase">Account Balance</p>
              <p className="flex items-center gap-1.5 text-lg font-bold tabular-nums">
                <CoinIcon className="size-5 text-amber-300" />
                {balance}
                <span className="text-sm font-medium text-white/70">{balanceUnit(balance)}</span>
              </p>
            </div>
            <Link to="/credits/buy" onClick={() => follow({ to: "/credits/buy" })} className="btn-primary px-4 py-2">
              Buy credits
            </Link>
          </div>
        </section>

        <ul
          className="relative -mt-6 mx-4 grid grid-cols-3 gap-1 rounded-2xl bg-white p-1.5 shadow-card"
          aria-label="Your figures"
        >
          {foldoutStats(user).map((stat) => {
            const figure = (
              <>
                <span className="block font-display text-2xl font-semibold text-velvet-900 tabular-nums">
                  {formatCount(stat.value)}
                </span>
                <span className="block text-[11px] font-semibold tracking-wide text-muted uppercase">{stat.label}</span>
              </>
            );
            return (
              <li key={stat.key} data-foldout-stat={stat.key}>
                {stat.to ? (
                  <Link
                    to={stat.to}
                    onClick={() => follow(stat)}
                    className="block rounded-xl px-2 py-2.5 text-center transition hover:bg-velvet-50"
                  >
                    {figure}
                  </Link>
                ) : (
                  // Winks received: shown, not a way anywhere, so a tap leaves the foldout open.
                  <div className="rounded-xl px-2 py-2.5 text-center">{figure}</div>
                )}
              </li>
            );
          })}
        </ul>

        <nav aria-label="Member" className="px-3 pt-3 pb-2">
          <ul className="space-y-0.5">
            {[...memberLinks, accountSettingsLink, ...staffLinks(user)].map((link) => {
              const Icon = icons[link.to] ?? UserIcon;
              const count = badgeCount(user, link);
              return (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === "/messages"}
                    onClick={() => follow(link)}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-xl px-3 py-3 text-[15px] font-semibold transition ${isActive ? "bg-velvet-100/70 text-velvet-950" : "text-velvet-800 hover:bg-velvet-50"}`
                    }
                  >
                    <Icon className="size-5 text-velvet-400" />
                    <span className="flex-1">{link.label}</span>
                    <EntryBadge link={link} count={count} />
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="mt-auto border-t border-velvet-100 px-3 py-3">
          <button
            type="button"
            onClick={() => void logout("foldout")}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-3 text-[15px] font-semibold text-velvet-800 transition hover:bg-velvet-50"
          >
            <LogoutIcon className="size-5 text-velvet-400" />
            Logout
          </button>
        </div>
      </div>
    </>,
    document.body,
  );
}

import { Link, NavLink } from "react-router";
import { logout, useAuthStore } from "../../features/auth/auth-store";
import { CogIcon, LogoutIcon } from "../icons";
import { BalanceBlock } from "./BalanceBlock";
import { EntryBadge } from "./CountBadge";
import { MemberAvatar } from "./MemberAvatar";
import { accountSettingsLink, badgeCount, memberLinks, staffLinks } from "./member-menu";
import { useAccountHeaderShown } from "./use-account-header";

// Between 1024 and 1279 px the links sit a little closer: seven member entries (Likes you joined them) and
// their badges must still fit on one row.
function menuLinkClass({ isActive }: { isActive: boolean }): string {
  return `relative flex h-full items-center gap-1.5 px-1.5 text-sm font-semibold whitespace-nowrap transition after:absolute after:inset-x-1.5 after:bottom-0 xl:px-2 xl:after:inset-x-2 2xl:px-2.5 2xl:after:inset-x-2.5 after:h-0.5 after:rounded-full after:transition ${
    isActive ? "text-velvet-950 after:bg-rose-500" : "text-velvet-700 after:bg-transparent hover:text-velvet-950"
  }`;
}

/**
 * The account header strip of the member layout (spec §2), the second row of
 * the header under the navbar: avatar and username; on phones and tablets the
 * credits block and a Buy credits button (the foldout holds the menu there);
 * on a desktop the menu, with Account settings and Logout at the right.
 * Hidden on the conversation page and for a deactivated account.
 */
export function AccountHeader() {
  const shown = useAccountHeaderShown(true);
  const user = useAuthStore((state) => state.user);
  if (!shown || !user) return null;
  // Staff have two more entries: below 1536 px their Account settings and Logout become icons (named for
  // screen readers and in a tooltip), so the name keeps some room instead of running under the menu.
  const staff = staffLinks(user);
  const compact = staff.length > 0;
  return (
    <section
      aria-label="Your account"
      className="border-b border-velvet-100 bg-white/95 shadow-[0_1px_12px_-6px_rgb(59_10_42/0.18)]"
    >
      <div className="page-container flex h-14 items-center gap-3 2xl:gap-5">
        <Link to="/my-profile" className="group flex min-w-0 items-center gap-2.5" title={user.username}>
          <MemberAvatar user={user} size="sm" className="ring-2 ring-velvet-100 transition group-hover:ring-rose-200" />
          <span className="min-w-0 leading-tight">
            <span className="block text-[11px] font-medium text-muted lg:hidden">Signed in as</span>
            {/*
              From 1024 px the menu needs the room: the name shows again from 1280 px, cut with an ellipsis to
              the room the menu leaves (the title has it whole). Two spans: not-sr-only would undo truncate's
              overflow and nowrap on one element.
            */}
            <span className="block lg:sr-only xl:not-sr-only">
              <span className="block max-w-[9rem] truncate text-sm font-semibold text-velvet-950 group-hover:text-velvet-700 sm:max-w-[14rem] xl:max-w-[12rem]">
                {user.username}
              </span>
            </span>
          </span>
        </Link>

        <div className="ml-auto flex items-center gap-2 lg:hidden">
          <BalanceBlock look="card" />
          <Link to="/credits/buy" className="btn-primary px-3.5 py-1.5 text-xs whitespace-nowrap">
            Buy credits
          </Link>
        </div>

        <nav aria-label="Account menu" className="hidden h-full flex-1 items-stretch lg:flex">
          {memberLinks.map((link) => {
            const count = badgeCount(user, link);
            return (
              <NavLink key={link.to} to={link.to} end={link.to === "/messages"} className={menuLinkClass}>
                {link.label}
                <EntryBadge link={link} count={count} />
              </NavLink>
            );
          })}
        </nav>
        <div className="hidden h-full items-stretch gap-1 lg:flex">
          {staff.map((link) => (
            <NavLink key={link.to} to={link.to} className={menuLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <NavLink to={accountSettingsLink.to} className={menuLinkClass} title={accountSettingsLink.label}>
            {compact ? <CogIcon className="size-5 2xl:hidden" /> : null}
            <span className={compact ? "sr-only 2xl:not-sr-only" : undefined}>{accountSettingsLink.label}</span>
          </NavLink>
          <button
            type="button"
            onClick={() => void logout("header")}
            title="Logout"
            className="my-auto inline-flex items-center gap-1.5 rounded-pill px-3 py-1.5 text-sm font-semibold text-velvet-700 transition hover:bg-velvet-50 hover:text-velvet-950"
          >
            <LogoutIcon className={compact ? "size-5 2xl:size-4" : "size-4"} />
            <span className={compact ? "sr-only 2xl:not-sr-only" : undefined}>Logout</span>
          </button>
        </div>
      </div>
    </section>
  );
}

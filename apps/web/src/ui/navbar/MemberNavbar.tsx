import { Link, NavLink } from "react-router";
import { useAuthStore } from "../../features/auth/auth-store";
import { SeasonalPromotions } from "../../features/credits/SeasonalPromotions";
import { NotificationBell } from "../../features/notifications/NotificationBell";
import { ChatIcon } from "../icons";
import { OnlineCount } from "../OnlineCount";
import { BalanceBlock, type NavbarTone } from "./BalanceBlock";
import { CountBadge } from "./CountBadge";
import { FoldoutMenu } from "./FoldoutMenu";
import { showsMemberMenu } from "./member-menu";

/** Messages with the unread badge (spec §2). */
function MessagesLink({ tone, unread }: { tone: NavbarTone; unread: number }) {
  const text = tone === "light" ? "text-white/90 hover:text-white" : "text-velvet-800 hover:text-velvet-950";
  const active = tone === "light" ? "bg-white/15 text-white" : "bg-velvet-50";
  return (
    <NavLink
      to="/messages"
      end
      className={({ isActive }) =>
        `relative grid place-items-center rounded-pill p-2 transition ${text} ${isActive ? active : ""}`
      }
      aria-label={unread > 0 ? `Messages, ${unread} unread` : "Messages"}
    >
      <ChatIcon className="size-6" />
      <CountBadge
        count={unread}
        className={`absolute top-0.5 right-0.5 ring-2 ${tone === "light" ? "ring-velvet-900" : "ring-white"}`}
      />
    </NavLink>
  );
}

/**
 * The signed-in navbar (spec §2): online count (desktop), the promotion badge,
 * bell, messages, the Account Balance block and Buy credits. Below 1024 px the
 * hamburger takes the menu, and the balance moves to the account strip under
 * the navbar; where there is no strip (the conversation page, content pages)
 * it stays here as a pill, and the hamburger stays on a desktop too. A
 * deactivated account sees none of it.
 */
export function MemberNavbar({ tone, withAccountHeader }: { tone: NavbarTone; withAccountHeader: boolean }) {
  const user = useAuthStore((state) => state.user);
  if (!showsMemberMenu(user)) return null;
  return (
    <div className="flex items-center gap-1 sm:gap-2 lg:gap-3">
      <OnlineCount tone={tone} />
      <SeasonalPromotions />
      <NotificationBell tone={tone} />
      <MessagesLink tone={tone} unread={user.unread_messages_count} />
      {withAccountHeader ? null : (
        <span className="lg:hidden">
          <BalanceBlock look="pill" tone={tone} />
        </span>
      )}
      <span className="hidden lg:contents">
        <BalanceBlock look="block" tone={tone} />
        <Link to="/credits/buy" className="btn-primary px-4 py-2 shadow-none">
          Buy credits
        </Link>
      </span>
      <FoldoutMenu tone={tone} desktopMenuInStrip={withAccountHeader} />
    </div>
  );
}

import { Link, NavLink, useLocation } from "react-router";
import { logout, useAuthStore } from "../features/auth/auth-store";
import { balanceLabel } from "../features/credits/balance";
import { NotificationBell } from "../features/notifications/NotificationBell";
import { SeasonalPromotions } from "../features/promotions/SeasonalPromotions";
import { ChatIcon, CoinIcon } from "./icons";
import { Logo } from "./Logo";
import { OnlineCount } from "./OnlineCount";

/** Messages with the unread badge: icon and label on desktop, the icon alone on a phone. */
function MessagesLink({ tone, unread }: { tone: "light" | "dark"; unread: number }) {
  const text = tone === "light" ? "text-white/90 hover:text-white" : "text-velvet-800 hover:text-velvet-950";
  return (
    <NavLink
      to="/messages"
      className={({ isActive }) =>
        `relative flex items-center gap-1.5 rounded-pill p-2 text-sm font-semibold lg:px-3 ${text} ${isActive ? (tone === "light" ? "bg-white/10" : "bg-velvet-50") : ""}`
      }
      aria-label={unread > 0 ? `Messages, ${unread} unread` : "Messages"}
    >
      <span className="relative">
        <ChatIcon className="size-6" />
        {unread > 0 ? (
          <span className="absolute -top-1.5 -right-2 grid h-[1.1rem] min-w-[1.1rem] place-items-center rounded-pill bg-rose-500 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-velvet-900">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </span>
      <span className="hidden lg:inline">Messages</span>
    </NavLink>
  );
}

/** The account balance (spec §2): credits, or '24h' with the pass; it leads to buying credits. */
function BalancePill({ tone }: { tone: "light" | "dark" }) {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const label = balanceLabel(user);
  return (
    <Link
      to="/credits/buy"
      className={`inline-flex items-center gap-1 rounded-pill px-2.5 py-1 text-sm font-bold tabular-nums ring-1 transition ${tone === "light" ? "bg-white/10 text-white ring-white/20 hover:bg-white/20" : "bg-velvet-50 text-velvet-800 ring-velvet-100 hover:bg-velvet-100"}`}
      aria-label={`Account balance: ${label === "24h" ? "24-hour pass" : `${label} credits`}. Buy credits`}
      title="Buy credits"
    >
      <CoinIcon className="size-4 text-amber-300" />
      {label}
    </Link>
  );
}

/** The signed-in corner: who you are, messages, balance, settings, and sign-out. The full member navbar grows around it. */
function MemberCorner({ tone }: { tone: "light" | "dark" }) {
  const user = useAuthStore((state) => state.user);
  const text = tone === "light" ? "text-white/90 hover:text-white" : "text-velvet-800 hover:text-velvet-950";
  return (
    <div className="flex items-center gap-1.5 sm:gap-3 lg:gap-2 xl:gap-3">
      {/* From 1280 px: below that the member's links need the room. */}
      <span className="hidden xl:contents">
        <OnlineCount tone={tone} />
      </span>
      <nav className="hidden items-center gap-1 whitespace-nowrap md:flex" aria-label="Member">
        <Link to="/dashboard" className={`rounded-pill px-3 py-2 text-sm font-semibold ${text}`}>
          Search
        </Link>
        <Link to="/my-visitors" className={`rounded-pill px-3 py-2 text-sm font-semibold ${text}`}>
          My visitors
        </Link>
        <Link to="/my-favorites" className={`rounded-pill px-3 py-2 text-sm font-semibold ${text}`}>
          My favorites
        </Link>
      </nav>
      <NotificationBell tone={tone} />
      <MessagesLink tone={tone} unread={user?.unread_messages_count ?? 0} />
      <SeasonalPromotions />
      <BalancePill tone={tone} />
      <Link
        to="/account"
        className={`flex items-center gap-2 text-sm font-semibold ${text}`}
        aria-label="Account settings"
      >
        {user?.primary_photo ? (
          <img src={user.primary_photo.url} alt="" className="size-8 rounded-full object-cover ring-2 ring-white/40" />
        ) : (
          <span className="grid size-8 place-items-center rounded-full bg-rose-500 text-sm font-bold text-white">
            {user?.username.slice(0, 1).toUpperCase() ?? "?"}
          </span>
        )}
        <span className="hidden max-w-28 truncate sm:inline md:hidden 2xl:inline">{user?.username}</span>
      </Link>
      <button
        type="button"
        onClick={() => void logout()}
        className={`rounded-pill px-2 py-2 text-sm font-semibold sm:px-3 ${text}`}
      >
        Logout
      </button>
    </div>
  );
}

/**
 * The visitor navbar (spec §2): logo, Log In and Create account; on mobile a
 * Register link on the login page and Log In elsewhere. The member navbar
 * (bell, messages, balance, foldout) replaces it once signed in.
 */
export function Navbar({ variant = "solid" }: { variant?: "solid" | "transparent" | "survey" }) {
  const { pathname } = useLocation();
  const onLoginPage = pathname === "/login";
  const background =
    variant === "transparent"
      ? "absolute inset-x-0 top-0 z-30 bg-transparent"
      : variant === "survey"
        ? "sticky top-0 z-30 bg-white/95 shadow-sm backdrop-blur"
        : "sticky top-0 z-30 bg-velvet-900/95 backdrop-blur supports-[backdrop-filter]:bg-velvet-900/85";
  const tone = variant === "survey" ? "dark" : "light";
  const loggedIn = useAuthStore((state) => state.loggedIn);
  return (
    <header className={background}>
      <nav className="page-container flex h-16 items-center justify-between gap-4" aria-label="Main">
        <Logo tone={tone} compactOnMobile={loggedIn} />
        {loggedIn ? <MemberCorner tone={tone} /> : <VisitorLinks tone={tone} onLoginPage={onLoginPage} />}
      </nav>
    </header>
  );
}

function VisitorLinks({ tone, onLoginPage }: { tone: "light" | "dark"; onLoginPage: boolean }) {
  return (
    <>
      <div className="hidden items-center gap-3 sm:flex">
        <OnlineCount tone={tone} />
        <Link
          to="/login"
          className={`rounded-pill px-4 py-2 text-sm font-semibold transition ${tone === "light" ? "text-white/90 hover:bg-white/10 hover:text-white" : "text-velvet-800 hover:bg-velvet-50"}`}
        >
          Log In
        </Link>
        <Link to="/register" className="btn-primary">
          Create account
        </Link>
      </div>
      <div className="sm:hidden">
        {onLoginPage ? (
          <Link to="/register" className="btn-primary px-4 py-2">
            Register
          </Link>
        ) : (
          <Link to="/login" className="btn-primary px-4 py-2">
            Log In
          </Link>
        )}
      </div>
    </>
  );
}

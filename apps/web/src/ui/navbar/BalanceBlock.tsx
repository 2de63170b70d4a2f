import { Link } from "react-router";
import { useAuthStore } from "../../features/auth/auth-store";
import { balanceLabel } from "../../features/credits/balance";
import { CoinIcon } from "../icons";

export type NavbarTone = "light" | "dark";

/** What a screen reader hears: the figure in words, and where the link goes. */
function accessibleBalance(label: string): string {
  return `Account balance: ${label === "24h" ? "24-hour pass" : `${label} credits`}. Buy credits`;
}

/** The word after the figure: "pass" for the 24-hour pass, else credit(s). */
export function balanceUnit(label: string): string {
  if (label === "24h") return "pass";
  return label === "1" ? "credit" : "credits";
}

const onNavbar = {
  light: {
    block: "text-white ring-white/15 hover:bg-white/10",
    caption: "text-white/60",
    unit: "text-white/70",
    pill: "bg-white/10 text-white ring-white/20 hover:bg-white/20",
    coin: "text-amber-300",
  },
  dark: {
    block: "text-velvet-900 ring-velvet-100 hover:bg-velvet-50",
    caption: "text-muted",
    unit: "text-muted",
    pill: "bg-velvet-50 text-velvet-900 ring-velvet-100 hover:bg-velvet-100",
    coin: "text-amber-500",
  },
} as const;

/**
 * The Account Balance (spec §2): the credits (0 when not positive), or '24h'
 * with the unlimited-message pass; it always leads to /credits/buy.
 * - block: the desktop navbar, "Account Balance" over the figure;
 * - pill: a phone navbar with no account strip under it, the figure alone;
 * - card: the account strip on a phone and the foldout, on a light surface.
 */
export function BalanceBlock({
  look,
  tone = "light",
  onNavigate,
}: {
  look: "block" | "pill" | "card";
  tone?: NavbarTone;
  onNavigate?(): void;
}) {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const label = balanceLabel(user);
  const colors = onNavbar[look === "card" ? "dark" : tone];
  const common = { to: "/credits/buy", "aria-label": accessibleBalance(label), onClick: onNavigate };
  if (look === "block") {
    return (
      <Link
        {...common}
        className={`flex flex-col items-end rounded-xl px-3 py-1 leading-tight ring-1 transition ${colors.block}`}
      >
        <span className={`text-[10px] font-semibold tracking-wider uppercase ${colors.caption}`}>Account Balance</span>
        <span className="flex items-center gap-1 text-sm font-bold tabular-nums">
          <CoinIcon className={`size-4 ${colors.coin}`} />
          {label} <span className={`font-medium ${colors.unit}`}>{balanceUnit(label)}</span>
        </span>
      </Link>
    );
  }
  return (
    <Link
      {...common}
      className={`inline-flex items-center gap-1 rounded-pill py-1 text-sm font-bold tabular-nums ring-1 transition ${look === "pill" ? `px-2.5 ${colors.pill}` : `pr-3 pl-2 ${colors.pill}`}`}
    >
      <CoinIcon className={`size-4 ${colors.coin}`} />
      {label}
      {look === "card" ? <span className={`font-medium ${colors.unit}`}>{balanceUnit(label)}</span> : null}
    </Link>
  );
}

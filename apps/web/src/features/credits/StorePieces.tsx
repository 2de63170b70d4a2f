import type { TCurrentUser } from "@velvet/shared/api/auth";
import { Link } from "react-router";
import { PaymentIcons } from "../../ui/PaymentIcons";
import { balanceLabel } from "./balance";

export function LockIcon({ className = "" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The member's balance on the store pages (the package layout has no navbar). */
export function BalanceChip({ user }: { user: Pick<TCurrentUser, "credits" | "has_unli_message"> }) {
  const label = balanceLabel(user);
  return (
    <div className="rounded-2xl bg-white px-4 py-2.5 shadow-card ring-1 ring-velvet-100">
      <p className="text-[11px] font-bold tracking-widest text-velvet-400 uppercase">Your balance</p>
      <p className="text-xl font-bold text-velvet-900 tabular-nums">
        {label === "24h" ? "24h pass" : `${label} credits`}
      </p>
    </div>
  );
}

/** Payment reassurance under the store: accepted cards and where to read more. */
export function TrustRow() {
  return (
    <div className="mt-10 flex flex-col items-center justify-between gap-4 rounded-card border border-velvet-100 bg-white/70 px-5 py-4 text-sm text-muted sm:flex-row">
      <p className="flex items-center gap-2">
        <LockIcon className="size-5 text-success" />
        <span>
          Secure card payment. Discreet billing. Credits never expire.{" "}
          <Link to="/how-to-pay" className="font-semibold text-velvet-600 hover:text-velvet-800">
            How to pay
          </Link>
        </span>
      </p>
      <PaymentIcons />
    </div>
  );
}

export function ShelfSkeleton() {
  return (
    <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-5" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((index) => (
        <div key={index} className="h-64 animate-pulse rounded-card bg-white/80 shadow-card" />
      ))}
    </div>
  );
}

import { passFreeMessageTypes, type TCreditPackage, type TVipStatus, vipBenefits } from "@velvet/shared/api/credits";
import { formatCredits, formatPrice } from "./money";

function Tick({ className = "text-rose-300" }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={`mt-0.5 size-4 shrink-0 ${className}`} fill="currentColor" aria-hidden="true">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0z" />
    </svg>
  );
}

export function CrownIcon({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="crown-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset="1" stopColor="#e8a93a" />
        </linearGradient>
      </defs>
      <path d="M6 16l9 8 9-14 9 14 9-8-4 22H10z" fill="url(#crown-gold)" stroke="#b9792a" strokeWidth="1.5" />
      <rect x="10" y="36" width="28" height="5" rx="2" fill="#e8a93a" />
      <circle cx="24" cy="10" r="3" fill="#ff6f9f" />
      <circle cx="6" cy="16" r="2.5" fill="#ff6f9f" />
      <circle cx="42" cy="16" r="2.5" fill="#ff6f9f" />
    </svg>
  );
}

function ClockBadge() {
  return (
    <span className="grid size-14 place-items-center rounded-2xl bg-white/10 ring-1 ring-white/20" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        className="size-8 text-rose-300"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" strokeLinecap="round" />
      </svg>
    </span>
  );
}

function Price({ item }: { item: TCreditPackage }) {
  return (
    <div>
      {item.regular_price ? (
        <p className="text-sm text-white/60 line-through">{formatPrice(item.regular_price, item.currency)}</p>
      ) : null}
      <p className="text-3xl font-bold tabular-nums">{formatPrice(item.price, item.currency)}</p>
    </div>
  );
}

/** The 24-hour unlimited-message pass (spec §1: the balance shows '24h' while it lasts). */
export function PassCard({ item, onChoose }: { item: TCreditPackage; onChoose(item: TCreditPackage): void }) {
  const free = passFreeMessageTypes.map((type) => (type === "text" ? "messages" : `${type}s`)).join(" and ");
  return (
    <article
      aria-label={item.name}
      className="relative flex flex-col overflow-hidden rounded-card bg-gradient-to-br from-velvet-900 via-velvet-800 to-velvet-600 p-6 text-white shadow-lift"
    >
      <div className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-rose-500/30 blur-3xl" />
      <div className="relative flex items-start gap-4">
        <ClockBadge />
        <div>
          <p className="text-xs font-bold tracking-widest text-rose-200 uppercase">Unlimited</p>
          <h3 className="text-2xl font-semibold">{item.name}</h3>
        </div>
      </div>
      <ul className="relative mt-5 space-y-2 text-sm text-velvet-50">
        <li className="flex gap-2">
          <Tick />
          Send as many {free} as you like for 24 hours
        </li>
        <li className="flex gap-2">
          <Tick />
          Your balance shows <strong className="font-semibold text-white">24h</strong> while it lasts
        </li>
        <li className="flex gap-2">
          <Tick />
          Buying again adds another 24 hours, nothing is lost
        </li>
      </ul>
      <div className="relative mt-auto flex items-end justify-between gap-4 pt-6">
        <Price item={item} />
        <button type="button" className="btn-primary px-6" onClick={() => onChoose(item)}>
          Get the pass
        </button>
      </div>
    </article>
  );
}

/** What VIP gives, in the words the pages use (the server applies the same numbers). */
export function vipBenefitLines(vip: TCreditPackage): string[] {
  return [
    `${formatCredits(vip.credits)} credits included, straight away`,
    `+${vipBenefits.packageBonusPercent}% bonus credits on every credit package`,
    `The 24-hour pass ${vipBenefits.passDiscountPercent}% cheaper`,
    "30 days, no subscription: it never renews by itself",
  ];
}

export function VipCard({
  item,
  status,
  onChoose,
}: {
  item: TCreditPackage;
  status: TVipStatus | null;
  onChoose(item: TCreditPackage): void;
}) {
  return (
    <article
      aria-label={item.name}
      className="relative flex flex-col overflow-hidden rounded-card bg-gradient-to-br from-[#2a1405] via-velvet-950 to-velvet-900 p-6 text-white shadow-lift ring-1 ring-amber-300/40"
    >
      <div className="pointer-events-none absolute -top-20 -left-10 size-56 rounded-full bg-amber-400/20 blur-3xl" />
      <div className="relative flex items-start gap-4">
        <span className="grid size-14 place-items-center rounded-2xl bg-white/10 ring-1 ring-amber-200/40">
          <CrownIcon className="size-9" />
        </span>
        <div>
          <p className="text-xs font-bold tracking-widest text-amber-200 uppercase">30 days</p>
          <h3 className="text-2xl font-semibold">{item.name}</h3>
        </div>
        {status?.active && status.expires_at ? (
          <span className="ml-auto rounded-pill bg-amber-300/15 px-3 py-1 text-xs font-semibold text-amber-100 ring-1 ring-amber-200/40">
            VIP until {new Date(status.expires_at).toLocaleDateString("en-AU", { day: "numeric", month: "short" })}
          </span>
        ) : null}
      </div>
      <ul className="relative mt-5 space-y-2 text-sm text-velvet-50">
        {vipBenefitLines(item).map((line) => (
          <li key={line} className="flex gap-2">
            <Tick className="text-amber-300" />
            {line}
          </li>
        ))}
      </ul>
      <div className="relative mt-auto flex items-end justify-between gap-4 pt-6">
        <Price item={item} />
        <button
          type="button"
          className="btn bg-gradient-to-r from-amber-200 to-amber-400 px-6 text-velvet-950 shadow-[0_10px_30px_-8px_rgb(251_191_36_/_0.6)] hover:brightness-105"
          onClick={() => onChoose(item)}
        >
          {status?.active ? "Add 30 days" : "Become VIP"}
        </button>
      </div>
    </article>
  );
}

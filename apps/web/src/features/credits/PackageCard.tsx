import type { TCreditPackage } from "@velvet/shared/api/credits";
import type { TPromoEventName } from "@velvet/shared/constants/promotions";
import { PresentBox, promoEventLabels } from "../promotions";
import { formatCredits, formatPrice, perCredit } from "./money";

function Extra({ tone, children }: { tone: "bonus" | "promo" | "vip"; children: string }) {
  const tones = {
    bonus: "bg-emerald-50 text-emerald-700 ring-emerald-200",
    promo: "bg-rose-50 text-rose-600 ring-rose-200",
    vip: "bg-amber-50 text-amber-700 ring-amber-200",
  };
  return (
    <span className={`inline-flex rounded-pill px-2 py-0.5 text-[11px] font-bold ring-1 ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** One credit package on the shelf: credits, extras, price (struck-through when discounted) and a choose button. */
export function PackageCard({
  item,
  eventName,
  onChoose,
  action = "Choose",
}: {
  item: TCreditPackage;
  eventName: TPromoEventName | null;
  onChoose(item: TCreditPackage): void;
  action?: string;
}) {
  const featured = item.highlight !== null;
  const present = item.credits === 1000 || item.credits === 2500 ? item.credits : null;
  return (
    <article
      aria-label={`${item.name}: ${formatCredits(item.credits)} credits`}
      className={`relative flex h-full flex-col rounded-card bg-white p-4 transition sm:p-5 ${featured ? "shadow-lift ring-2 ring-rose-400" : "shadow-card ring-1 ring-velvet-100 hover:ring-velvet-200"}`}
    >
      {item.highlight ? (
        <span className="absolute -top-3 left-4 rounded-pill bg-gradient-to-r from-rose-500 to-velvet-500 px-3 py-1 text-[11px] font-bold tracking-wide text-white uppercase shadow-glow">
          {item.highlight}
        </span>
      ) : null}
      {present ? (
        <PresentBox
          credits={present}
          className="pointer-events-none absolute -top-9 -right-2 size-16 drop-shadow-md sm:-top-11 sm:size-20"
        />
      ) : null}
      <p className="text-xs font-bold tracking-widest text-velvet-400 uppercase">{item.name}</p>
      <p className="mt-2 flex items-baseline gap-1.5">
        <span className="font-display text-3xl font-semibold text-velvet-900 sm:text-4xl">
          {formatCredits(item.credits)}
        </span>
        <span className="text-sm font-medium text-muted">credits</span>
      </p>
      <div className="mt-2 flex min-h-6 flex-wrap gap-1.5">
        {item.bonus_credits > 0 ? <Extra tone="bonus">{`+${formatCredits(item.bonus_credits)} bonus`}</Extra> : null}
        {item.promo_bonus_credits > 0 ? (
          <Extra tone="promo">{`+${formatCredits(item.promo_bonus_credits)} ${eventName ? promoEventLabels[eventName] : "extra"}`}</Extra>
        ) : null}
        {item.vip_bonus_credits > 0 ? (
          <Extra tone="vip">{`+${formatCredits(item.vip_bonus_credits)} VIP`}</Extra>
        ) : null}
      </div>
      <div className="mt-auto pt-5">
        {item.regular_price ? (
          <p className="text-sm text-muted line-through">{formatPrice(item.regular_price, item.currency)}</p>
        ) : null}
        <p className="text-2xl font-bold text-ink tabular-nums">{formatPrice(item.price, item.currency)}</p>
        <p className="text-xs text-muted">{perCredit(item)}</p>
        <button
          type="button"
          className={`${featured ? "btn-primary" : "btn-outline"} mt-4 w-full`}
          onClick={() => onChoose(item)}
          aria-label={`${action} ${item.name}, ${formatCredits(item.credits)} credits for ${formatPrice(item.price, item.currency)}`}
        >
          {action}
        </button>
      </div>
    </article>
  );
}

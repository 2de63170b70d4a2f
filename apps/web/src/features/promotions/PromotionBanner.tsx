import type { TCreditPackage } from "@velvet/shared/api/credits";
import type { TPromotion } from "@velvet/shared/api/promotions";
import { PresentBox } from "./PresentBox";
import { promoEventLabels, promoOffer } from "./promo-rules";

/** The running promotion at the top of the store pages: what it gives and until when. */
export function PromotionBanner({ promotion, shelf }: { promotion: TPromotion; shelf: readonly TCreditPackage[] }) {
  const offer = promoOffer(promotion, shelf);
  if (!offer) return null;
  // Windows end at midnight: the offer's last day is the one before.
  const ends = new Date(Date.parse(promotion.ends_at) - 1).toLocaleDateString("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  return (
    <section
      aria-label={`${promoEventLabels[promotion.name]} offer`}
      className="relative overflow-hidden rounded-card bg-gradient-to-r from-velvet-950 via-velvet-800 to-rose-600 px-5 py-4 text-white shadow-lift sm:px-8"
    >
      <div className="pointer-events-none absolute -right-10 -bottom-20 size-64 rounded-full bg-rose-400/30 blur-3xl" />
      <div className="relative flex items-center gap-4 sm:gap-6">
        <PresentBox credits={offer.present} className="size-20 shrink-0 sm:size-28" />
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-widest text-rose-200 uppercase">
            {promoEventLabels[promotion.name]}
          </p>
          <p className="font-display text-2xl leading-tight font-semibold sm:text-3xl">{offer.headline}</p>
          <p className="mt-1 text-sm text-velvet-50/90">
            {offer.detail} · until {ends}
          </p>
        </div>
      </div>
    </section>
  );
}

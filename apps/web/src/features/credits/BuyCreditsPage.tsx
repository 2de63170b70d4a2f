import type { TCreditPackage } from "@velvet/shared/api/credits";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { PaymentIcons } from "../../ui/PaymentIcons";
import { promoEventLabels } from "../promotions";
import { startPayment } from "./credit-api";
import { centsOf, formatCentsText, formatCredits, formatPrice, gstOf, totalCredits } from "./money";
import { LockIcon } from "./StorePieces";
import { useSelectedPackage } from "./selected-package";
import { useCreditShelf } from "./use-credit-shelf";

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "font-semibold text-ink" : "text-ink/80"}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function whatYouGet(item: TCreditPackage): string {
  if (item.kind === "pass") return "24 hours of unlimited messages";
  if (item.kind === "vip") return `VIP for 30 days + ${formatCredits(totalCredits(item))} credits`;
  return `${formatCredits(totalCredits(item))} credits`;
}

const steps = [
  {
    title: "Pay on a secure page",
    text: "Our payment partner's hosted page takes your card. We never see its number.",
  },
  { title: "Come straight back", text: "You return here and we show the result as soon as your bank confirms." },
  { title: "Start chatting", text: "Credits land in your balance at once, on every device you use." },
];

/**
 * /credits/buy: the selected package (the creditPayment guard made sure there
 * is one), priced again from the live shelf, and the way to the gateway.
 */
export default function BuyCreditsPage() {
  const selected = useSelectedPackage((state) => state.selected);
  const shelf = useCreditShelf();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // The shelf is the truth (a promotion may have ended since the choice); the selection names the product.
  const item = shelf.data?.data.find((entry) => entry.id === selected?.id) ?? (shelf.data ? null : selected);
  const eventName = shelf.data?.meta.promotion?.name ?? null;

  const pay = async () => {
    if (!item) return;
    setProblem(null);
    setLeaving(true);
    try {
      const payment = await startPayment(item.id);
      window.location.assign(payment.checkout_url);
    } catch (error) {
      setLeaving(false);
      setProblem(error instanceof ApiError ? error.message : "The payment could not be started. Please try again.");
    }
  };

  return (
    <div className="page-container py-8 sm:py-12">
      <Link to="/credits/package" className="text-sm font-semibold text-velvet-600 hover:text-velvet-800">
        ← Change package
      </Link>
      <h1 className="mt-2 text-3xl font-semibold text-velvet-900 sm:text-4xl">Checkout</h1>

      {!item ? (
        <div className="mt-6 max-w-lg space-y-3">
          <FormAlert tone="error">This package is no longer available.</FormAlert>
          <Link to="/credits/package" className="btn-primary">
            Choose another package
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <section aria-label="Your order" className="card p-5 sm:p-7">
            <p className="text-xs font-bold tracking-widest text-velvet-400 uppercase">Your order</p>
            <h2 className="mt-1 text-2xl font-semibold text-velvet-900">{item.name}</h2>
            <p className="text-muted">{whatYouGet(item)}</p>
            <dl className="mt-5 divide-y divide-velvet-100 border-y border-velvet-100 text-sm">
              {item.kind !== "pass" && item.credits > 0 ? (
                <Line
                  label={item.kind === "vip" ? "Credits included" : "Package credits"}
                  value={formatCredits(item.credits)}
                />
              ) : null}
              {item.bonus_credits > 0 ? (
                <Line label="Bonus credits" value={`+${formatCredits(item.bonus_credits)}`} />
              ) : null}
              {item.promo_bonus_credits > 0 ? (
                <Line
                  label={`${eventName ? promoEventLabels[eventName] : "Promotion"} extra`}
                  value={`+${formatCredits(item.promo_bonus_credits)}`}
                />
              ) : null}
              {item.vip_bonus_credits > 0 ? (
                <Line label="VIP extra" value={`+${formatCredits(item.vip_bonus_credits)}`} />
              ) : null}
              {item.kind !== "pass" ? (
                <Line label="Total credits" value={formatCredits(totalCredits(item))} strong />
              ) : (
                <Line label="Unlimited messages" value="24 hours" strong />
              )}
              {item.regular_price ? (
                <>
                  <Line label="Regular price" value={formatPrice(item.regular_price, item.currency)} />
                  <Line
                    label={`${eventName && item.kind === "credits" ? promoEventLabels[eventName] : "VIP"} discount`}
                    value={`-${formatPrice(formatCentsText(centsOf(item.regular_price) - centsOf(item.price)), item.currency)}`}
                  />
                </>
              ) : null}
            </dl>
            <div className="mt-5 flex items-end justify-between gap-4">
              <div>
                <p className="text-sm text-muted">To pay</p>
                <p className="text-xs text-muted">Includes GST of {formatPrice(gstOf(item.price), item.currency)}</p>
              </div>
              <p className="text-3xl font-bold text-ink tabular-nums">{formatPrice(item.price, item.currency)}</p>
            </div>
            {problem ? (
              <div className="mt-5">
                <FormAlert tone="error">{problem}</FormAlert>
              </div>
            ) : null}
            <button
              type="button"
              className="btn-primary mt-6 w-full py-3.5 text-base"
              disabled={leaving}
              onClick={() => void pay()}
            >
              <LockIcon className="size-5" />
              {leaving ? "Opening secure checkout…" : `Pay ${formatPrice(item.price, item.currency)} securely`}
            </button>
            <div className="mt-4 flex flex-wrap items-center justify-center gap-3 text-xs text-muted">
              <PaymentIcons />
              <span>Visa and Mastercard accepted. One-off payment, nothing renews.</span>
            </div>
          </section>

          <aside aria-label="How it works" className="rounded-card bg-velvet-900 p-6 text-white shadow-lift">
            <h2 className="text-xl font-semibold">How it works</h2>
            <ol className="mt-4 space-y-4">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-white/10 font-display font-semibold text-rose-200">
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold">{step.title}</p>
                    <p className="text-sm text-velvet-100/80">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <Link to="/how-to-pay" className="mt-5 inline-block text-sm font-semibold text-rose-200 hover:text-white">
              More about paying →
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}

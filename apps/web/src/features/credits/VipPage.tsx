import { vipBenefits } from "@velvet/shared/api/credits";
import { Link } from "react-router";
import { useAuthStore } from "../auth";
import { centsOf, formatCentsText, formatCredits, formatPrice } from "./money";
import { CrownIcon } from "./ProductCards";
import { useChoosePackage, useCreditShelf } from "./use-credit-shelf";

function percentOff(price: string, percent: number): string {
  return formatCentsText(Math.round((centsOf(price) * (100 - percent)) / 100));
}

const questions = [
  {
    q: "Is VIP a subscription?",
    a: "No. VIP lasts 30 days from the moment you pay and never renews by itself. Buy it again to add another 30 days.",
  },
  {
    q: "When do the extra credits apply?",
    a: "On every credit package you buy while VIP is active. They show on the package before you pay and arrive with it.",
  },
  {
    q: "Does it stack with seasonal offers?",
    a: "Yes. Seasonal bonus credits and the VIP extra are added separately, so you get both.",
  },
];

/** The VIP card, drawn: a gold-edged membership card floating over a glow. */
function MembershipCard({ credits }: { credits: number | null }) {
  return (
    <div className="relative mx-auto w-full max-w-sm" aria-hidden="true">
      <div className="absolute -inset-8 rounded-[2.5rem] bg-gradient-to-br from-amber-300/35 to-rose-500/30 blur-3xl" />
      <div className="relative aspect-[1.586] rotate-[-4deg] overflow-hidden rounded-[1.4rem] bg-gradient-to-br from-[#3a1a06] via-velvet-950 to-velvet-800 p-6 shadow-lift ring-1 ring-amber-200/50">
        <div className="absolute -top-16 -right-10 size-48 rounded-full bg-amber-300/20 blur-2xl" />
        <div className="absolute inset-x-0 bottom-0 h-1.5 bg-gradient-to-r from-amber-200 via-amber-400 to-amber-200" />
        <div className="relative flex h-full flex-col">
          <div className="flex items-center justify-between">
            <span className="font-display text-lg font-semibold text-white">
              Velvet<span className="text-rose-400">Hearts</span>
            </span>
            <CrownIcon className="size-9" />
          </div>
          <p className="mt-auto font-display text-4xl font-semibold tracking-wide text-amber-200">VIP</p>
          <div className="mt-1 flex items-end justify-between text-xs font-semibold tracking-widest text-white/70 uppercase">
            <span>Member · 30 days</span>
            {credits ? <span>+{formatCredits(credits)} credits</span> : null}
          </div>
        </div>
      </div>
    </div>
  );
}

/** /vip: what VIP membership gives (decided by this issue) and the way to become one. */
export default function VipPage() {
  const shelf = useCreditShelf();
  const choose = useChoosePackage();
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const items = shelf.data?.data ?? [];
  const vip = items.find((item) => item.kind === "vip");
  const pass = items.find((item) => item.kind === "pass");
  const example = items.find((item) => item.kind === "credits" && item.credits === 1000);
  const status = shelf.data?.meta.vip ?? null;
  const until = status?.active && status.expires_at ? new Date(status.expires_at) : null;

  const benefits = [
    {
      title: "Credits to start with",
      text: "Straight into your balance the moment you join, to start conversations right away.",
      figure: vip ? formatCredits(vip.credits) : "",
    },
    {
      title: "Bonus on every package",
      text: example
        ? `Buy ${formatCredits(example.credits)} credits, get ${formatCredits((example.credits * vipBenefits.packageBonusPercent) / 100)} more on top of the usual bonus.`
        : "Extra credits on top of each package's own bonus.",
      figure: `+${vipBenefits.packageBonusPercent}%`,
    },
    {
      title: "A cheaper 24-hour pass",
      text: pass
        ? `Unlimited messages for a day at ${formatPrice(percentOff(pass.regular_price ?? pass.price, vipBenefits.passDiscountPercent), pass.currency)} instead of ${formatPrice(pass.regular_price ?? pass.price, pass.currency)}.`
        : `${vipBenefits.passDiscountPercent}% off unlimited messaging for a day.`,
      figure: `-${vipBenefits.passDiscountPercent}%`,
    },
  ];

  const cta = vip ? (
    loggedIn ? (
      <button
        type="button"
        className="btn bg-gradient-to-r from-amber-200 to-amber-400 px-8 py-3.5 text-base text-velvet-950 hover:brightness-105"
        onClick={() => choose(vip)}
      >
        {until ? "Add 30 days" : "Become VIP"} · {formatPrice(vip.price, vip.currency)}
      </button>
    ) : (
      <Link
        to="/register"
        className="btn bg-gradient-to-r from-amber-200 to-amber-400 px-8 py-3.5 text-base text-velvet-950 hover:brightness-105"
      >
        Join free, then become VIP
      </Link>
    )
  ) : null;

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-[#1c0b03] via-velvet-950 to-velvet-800 pt-16 text-white">
        <div className="pointer-events-none absolute -top-24 left-1/2 size-[34rem] -translate-x-1/2 rounded-full bg-amber-400/15 blur-3xl" />
        <div className="page-container relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
            <p className="flex items-center gap-2 text-xs font-bold tracking-[0.3em] text-amber-200 uppercase">
              <CrownIcon className="size-6" /> Velvet VIP
            </p>
            <h1 className="mt-4 text-5xl font-semibold sm:text-6xl">Become VIP</h1>
            <p className="mt-4 max-w-xl text-lg text-velvet-100/90">
              More credits for every dollar, a cheaper unlimited pass, and {vip ? formatCredits(vip.credits) : "bonus"}{" "}
              credits to start with. Thirty days at a time, never a subscription.
            </p>
            {until ? (
              <p className="mt-6 rounded-pill bg-amber-300/15 px-4 py-1.5 text-sm font-semibold text-amber-100 ring-1 ring-amber-200/40">
                You're VIP until {until.toLocaleDateString("en-AU", { day: "numeric", month: "long", year: "numeric" })}
              </p>
            ) : null}
            <div className="mt-8">{cta}</div>
            {vip ? (
              <p className="mt-3 text-sm text-velvet-100/70">
                {formatPrice(vip.price, vip.currency)} for 30 days, GST included
              </p>
            ) : null}
          </div>
          <MembershipCard credits={vip?.credits ?? null} />
        </div>
      </section>

      <section className="page-container py-14 sm:py-20">
        <h2 className="text-center text-3xl font-semibold text-velvet-900">What VIP gives you</h2>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="card relative overflow-hidden p-6">
              <span className="font-display text-4xl font-semibold text-amber-500">{benefit.figure}</span>
              <h3 className="mt-3 text-xl font-semibold text-velvet-900">{benefit.title}</h3>
              <p className="mt-2 text-muted">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-cream-100 py-14">
        <div className="page-container grid gap-8 lg:grid-cols-[1fr_1.3fr]">
          <div>
            <h2 className="text-3xl font-semibold text-velvet-900">Good to know</h2>
            <p className="mt-3 text-muted">
              VIP is bought like any package, by Visa or Mastercard. See all prices on the{" "}
              <Link to="/prices" className="font-semibold text-velvet-600 hover:text-velvet-800">
                prices page
              </Link>
              .
            </p>
          </div>
          <dl className="space-y-4">
            {questions.map((item) => (
              <div key={item.q} className="rounded-2xl bg-white p-5 shadow-card">
                <dt className="font-semibold text-velvet-900">{item.q}</dt>
                <dd className="mt-1 text-muted">{item.a}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}

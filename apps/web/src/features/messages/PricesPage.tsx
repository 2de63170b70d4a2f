import { useQuery } from "@tanstack/react-query";
import type { TMessageType } from "@velvet/shared/api/conversations";
import { Link } from "react-router";
import { useAuthStore } from "../auth";
import { PackageCard, PassCard, ShelfSkeleton, TrustRow, useChoosePackage, useCreditShelf, VipCard } from "../credits";
import { PromotionBanner } from "../promotions";
import { conversationKeys } from "./conversation-keys";
import { fetchCreditPrices } from "./messages-api";
import { creditsText } from "./prices";

const messageLabels: Record<TMessageType, string> = {
  text: "Text message",
  image: "Photo message",
  wink: "Wink",
  like: "Like",
  trigger: "Conversation starter",
};

const free = [
  "Creating your profile",
  "Browsing and searching",
  "Reading the messages you receive",
  "Seeing who visited you",
  "Favourites and blocks",
];

/** /prices (public): what messages cost, every package, the pass and VIP. */
export default function PricesPage() {
  const shelf = useCreditShelf();
  const choose = useChoosePackage();
  const prices = useQuery({ queryKey: conversationKeys.creditPrices, queryFn: fetchCreditPrices, staleTime: 300_000 });
  const items = shelf.data?.data ?? [];
  const promotion = shelf.data?.meta.promotion ?? null;
  const packages = items.filter((item) => item.kind === "credits");
  const pass = items.find((item) => item.kind === "pass");
  const vip = items.find((item) => item.kind === "vip");
  const messagePrices = (prices.data ?? []).filter((price) => price.type !== "trigger");
  const loggedIn = useAuthStore((state) => state.loggedIn);

  return (
    <div className="page-container py-10 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-xs font-bold tracking-widest text-rose-500 uppercase">Prices</p>
        <h1 className="mt-2 text-4xl font-semibold text-velvet-900 sm:text-5xl">
          Simple, <span className="whitespace-nowrap">pay-as-you-go</span>
        </h1>
        <p className="mt-3 text-lg text-muted">
          Joining is free. Credits pay for messages, the 24-hour pass makes messaging unlimited, and VIP gets you more
          of both. All prices in Australian dollars, GST included.
        </p>
      </header>

      <div className="mt-10 grid gap-5 lg:grid-cols-[1.2fr_1fr]">
        <section aria-label="Message prices" className="card p-6">
          <h2 className="text-2xl font-semibold text-velvet-900">What a message costs</h2>
          <table className="mt-4 w-full text-left">
            <tbody className="divide-y divide-velvet-100">
              {messagePrices.map((price) => (
                <tr key={price.type}>
                  <th scope="row" className="py-3 font-medium text-ink">
                    {messageLabels[price.type]}
                  </th>
                  <td className="py-3 text-right font-semibold text-velvet-700 tabular-nums">
                    {creditsText(price.credits)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-muted">With the 24-hour pass, text messages and winks are free.</p>
        </section>
        <section
          aria-label="Always free"
          className="relative flex flex-col overflow-hidden rounded-card bg-gradient-to-br from-velvet-900 to-velvet-700 p-6 text-white shadow-lift"
        >
          <div className="pointer-events-none absolute -right-12 -bottom-16 size-56 rounded-full bg-rose-500/25 blur-3xl" />
          <h2 className="relative text-2xl font-semibold">Always free</h2>
          <ul className="relative mt-4 space-y-2.5">
            {free.map((line) => (
              <li key={line} className="flex items-center gap-2.5 text-velvet-50">
                <span className="grid size-5 place-items-center rounded-full bg-rose-500 text-[11px] font-bold">✓</span>
                {line}
              </li>
            ))}
          </ul>
          <div className="relative mt-auto pt-6">
            <Link to={loggedIn ? "/credits/package" : "/register"} className="btn-primary">
              {loggedIn ? "Buy credits" : "Create free account"}
            </Link>
          </div>
        </section>
      </div>

      <h2 className="mt-14 text-3xl font-semibold text-velvet-900">Credit packages</h2>
      <p className="mt-1 text-muted">Credits never expire. The bigger the package, the bigger the bonus.</p>
      {promotion ? (
        <div className="mt-6">
          <PromotionBanner promotion={promotion} shelf={items} />
        </div>
      ) : null}
      {shelf.isPending ? <ShelfSkeleton /> : null}
      {packages.length > 0 ? (
        <section
          aria-label="Credit packages"
          className="mt-10 grid grid-cols-2 gap-x-3 gap-y-6 sm:gap-5 lg:grid-cols-5"
        >
          {packages.map((item, index) => (
            <div
              key={item.id}
              className={index === packages.length - 1 && packages.length % 2 === 1 ? "col-span-2 lg:col-span-1" : ""}
            >
              <PackageCard item={item} eventName={promotion?.name ?? null} onChoose={choose} action="Buy" />
            </div>
          ))}
        </section>
      ) : null}

      <h2 className="mt-14 text-3xl font-semibold text-velvet-900">Unlimited pass and VIP</h2>
      <section aria-label="Pass and VIP" className="mt-6 grid gap-5 md:grid-cols-2">
        {pass ? <PassCard item={pass} onChoose={choose} /> : null}
        {vip ? <VipCard item={vip} status={shelf.data?.meta.vip ?? null} onChoose={choose} /> : null}
      </section>
      <p className="mt-4 text-sm text-muted">
        VIP lasts 30 days and never renews by itself.{" "}
        <Link to="/vip" className="font-semibold text-velvet-600 hover:text-velvet-800">
          All about VIP
        </Link>
      </p>

      <TrustRow />
    </div>
  );
}

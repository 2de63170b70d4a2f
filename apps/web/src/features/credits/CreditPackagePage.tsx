import { Link } from "react-router";
import { FormAlert } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";
import { PromotionBanner } from "../promotions";
import { PackageCard } from "./PackageCard";
import { PassCard, VipCard } from "./ProductCards";
import { SpendingAllowance } from "./SpendingAllowance";
import { BalanceChip, ShelfSkeleton, TrustRow } from "./StorePieces";
import { useChoosePackage, useCreditShelf } from "./use-credit-shelf";

/** /credits/package: pick a credit package, the 24-hour pass or VIP; the choice is kept for /credits/buy. */
export default function CreditPackagePage() {
  const shelf = useCreditShelf();
  const choose = useChoosePackage();
  const user = useAuthStore((state) => state.user);
  const items = shelf.data?.data ?? [];
  const promotion = shelf.data?.meta.promotion ?? null;
  const packages = items.filter((item) => item.kind === "credits");
  const pass = items.find((item) => item.kind === "pass");
  const vip = items.find((item) => item.kind === "vip");

  return (
    <div className="page-container py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/dashboard" className="text-sm font-semibold text-velvet-600 hover:text-velvet-800">
            ← Back to browsing
          </Link>
          <h1 className="mt-2 text-3xl font-semibold text-velvet-900 sm:text-4xl">Choose your package</h1>
          <p className="mt-1 max-w-xl text-muted">
            Credits pay for messages and never expire. Bigger packages come with bonus credits. Prices in AUD, GST
            included.
          </p>
        </div>
        {user ? <BalanceChip user={user} /> : null}
      </div>

      {user ? <SpendingAllowance /> : null}

      {promotion ? (
        <div className="mt-6">
          <PromotionBanner promotion={promotion} shelf={items} />
        </div>
      ) : null}

      {shelf.isPending ? <ShelfSkeleton /> : null}
      {shelf.isError ? (
        <div className="mt-8 space-y-3">
          <FormAlert tone="error">The packages could not be loaded.</FormAlert>
          <button type="button" className="btn-outline" onClick={() => void shelf.refetch()}>
            Try again
          </button>
        </div>
      ) : null}

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
              <PackageCard item={item} eventName={promotion?.name ?? null} onChoose={choose} />
            </div>
          ))}
        </section>
      ) : null}

      {pass || vip ? (
        <section aria-label="Pass and VIP" className="mt-8 grid gap-5 md:grid-cols-2">
          {pass ? <PassCard item={pass} onChoose={choose} /> : null}
          {vip ? <VipCard item={vip} status={shelf.data?.meta.vip ?? null} onChoose={choose} /> : null}
        </section>
      ) : null}

      <TrustRow />
    </div>
  );
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TPurchase, TPurchaseStatus } from "@velvet/shared/api/purchases";
import { useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";
import { formatCredits } from "./money";
import { fetchPurchases, formatAud, formatDate, purchaseKeys } from "./purchase-api";

const statusChips: Record<TPurchaseStatus, { label: string; tone: string }> = {
  paid: { label: "Paid", tone: "bg-success/10 text-success ring-success/25" },
  pending: { label: "Pending", tone: "bg-amber-50 text-amber-800 ring-amber-300/60" },
  failed: { label: "Failed", tone: "bg-danger/5 text-rose-700 ring-danger/25" },
  refunded: { label: "Refunded", tone: "bg-velvet-50 text-velvet-700 ring-velvet-200" },
  charged_back: { label: "Charged back", tone: "bg-velvet-50 text-velvet-700 ring-velvet-200" },
};

/** Only a payment that took the member's money has a receipt (the server says 404 to the rest). */
const hasReceipt = (purchase: TPurchase) => purchase.status === "paid" || purchase.status === "refunded";

function PurchaseRow({ purchase }: { purchase: TPurchase }) {
  const chip = statusChips[purchase.status];
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-velvet-900">
          {purchase.package.name}
          {purchase.package.credits > 0 ? (
            <span className="font-normal text-muted"> · {formatCredits(purchase.package.credits)} credits</span>
          ) : null}
        </p>
        <p className="text-sm text-muted">{formatDate(purchase.created_at)}</p>
      </div>
      <div className="flex items-center gap-3">
        <span
          className={`inline-flex items-center rounded-pill px-2.5 py-0.5 text-xs font-semibold ring-1 ${chip.tone}`}
        >
          {chip.label}
        </span>
        <span className="w-20 text-right font-semibold text-ink tabular-nums">{formatAud(purchase.amount_cents)}</span>
        {hasReceipt(purchase) ? (
          <Link
            to={`/account/purchases/${purchase.id}/receipt`}
            className="text-sm font-semibold text-velvet-600 hover:text-velvet-800"
            aria-label={`Receipt for ${purchase.package.name}, ${formatDate(purchase.created_at)}`}
          >
            Receipt
          </Link>
        ) : (
          <span className="w-[3.25rem]" aria-hidden="true" />
        )}
      </div>
    </li>
  );
}

/** Account settings → Purchases: every payment, newest first, 20 a page, each paid one with its receipt. */
export function PurchasesSection() {
  const uuid = useAuthStore((state) => state.user?.uuid ?? null);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: purchaseKeys.list(uuid, page),
    queryFn: () => fetchPurchases(page),
    placeholderData: keepPreviousData,
  });

  if (list.isPending) return <div className="h-24 animate-pulse rounded-xl bg-velvet-50" aria-hidden="true" />;
  if (list.isError) return <FormAlert tone="error">Your purchases could not be loaded.</FormAlert>;
  const { data, meta } = list.data;
  if (data.length === 0) {
    return (
      <p className="text-sm text-muted">
        No purchases yet.{" "}
        <Link to="/credits/package" className="font-semibold text-velvet-600 hover:text-velvet-800">
          See the credit packages
        </Link>
      </p>
    );
  }
  return (
    <div>
      <ul aria-label="Purchases" className="divide-y divide-velvet-100 border-y border-velvet-100">
        {data.map((purchase) => (
          <PurchaseRow key={purchase.id} purchase={purchase} />
        ))}
      </ul>
      {meta.last_page > 1 ? (
        <nav aria-label="Purchase pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <button
            type="button"
            className="btn-outline px-4 py-1.5"
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
          >
            Newer
          </button>
          <span className="text-muted">
            Page {meta.current_page} of {meta.last_page}
          </span>
          <button
            type="button"
            className="btn-outline px-4 py-1.5"
            disabled={page >= meta.last_page}
            onClick={() => setPage((current) => current + 1)}
          >
            Older
          </button>
        </nav>
      ) : null}
    </div>
  );
}

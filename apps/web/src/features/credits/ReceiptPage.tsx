import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ApiError } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { Logo } from "../../ui/Logo";
import { formatCredits } from "./money";
import { fetchReceipt, formatAud, formatWhen, purchaseKeys } from "./purchase-api";

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-6 py-2 ${strong ? "text-base font-semibold" : ""}`}>
      <dt className="shrink-0 text-muted print:text-black">{label}</dt>
      <dd className="min-w-0 text-right break-all tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * /account/purchases/:id/receipt: a printable receipt of one of the member's paid payments. The seller's name
 * and address come from the server's configuration; another member's payment (or an unpaid one) is "not found".
 */
export default function ReceiptPage() {
  const { id = "" } = useParams();
  const receipt = useQuery({ queryKey: purchaseKeys.receipt(id), queryFn: () => fetchReceipt(id), retry: false });

  return (
    <div className="min-h-dvh bg-cream-100 px-4 py-8 sm:py-12 print:bg-white print:p-0">
      <div className="mx-auto max-w-xl">
        <div className="mb-4 flex items-center justify-between gap-4 print:hidden">
          <Link to="/account" className="text-sm font-semibold text-velvet-600 hover:text-velvet-800">
            ← Account settings
          </Link>
          {receipt.data ? (
            <button type="button" className="btn-primary whitespace-nowrap" onClick={() => window.print()}>
              Print receipt
            </button>
          ) : null}
        </div>

        {receipt.isPending ? <div className="card h-96 animate-pulse" aria-hidden="true" /> : null}
        {receipt.isError ? (
          <FormAlert tone="error">
            {receipt.error instanceof ApiError && receipt.error.status === 404
              ? "This receipt does not exist."
              : "The receipt could not be loaded. Please try again."}
          </FormAlert>
        ) : null}

        {receipt.data ? (
          <article aria-label="Receipt" className="card p-6 text-ink sm:p-10 print:p-0 print:shadow-none">
            <header className="flex flex-col items-start justify-between gap-4 border-b border-velvet-100 pb-5 sm:flex-row">
              <Logo tone="dark" />
              <div className="text-sm sm:text-right">
                <p className="font-semibold">{receipt.data.seller.legal_name}</p>
                <p className="max-w-[16rem] text-muted print:text-black">{receipt.data.seller.address}</p>
                {receipt.data.seller.tax_id ? (
                  <p className="text-muted print:text-black">{receipt.data.seller.tax_id}</p>
                ) : null}
              </div>
            </header>

            <h1 className="mt-6 text-2xl font-semibold text-velvet-900 print:text-black">Receipt</h1>
            {receipt.data.status === "refunded" ? (
              <p className="mt-2 inline-block rounded-pill bg-velvet-50 px-3 py-0.5 text-sm font-semibold text-velvet-700 ring-1 ring-velvet-200">
                Refunded {receipt.data.refunded_at ? formatWhen(receipt.data.refunded_at) : ""}
              </p>
            ) : null}

            <dl className="mt-4 divide-y divide-velvet-100 text-sm">
              <Row label="Date" value={formatWhen(receipt.data.paid_at)} />
              <Row label="Reference" value={receipt.data.reference} />
              {receipt.data.gateway_reference ? (
                <Row label="Payment reference" value={receipt.data.gateway_reference} />
              ) : null}
              <Row
                label="Package"
                value={
                  receipt.data.package.credits > 0
                    ? `${receipt.data.package.name} (${formatCredits(receipt.data.package.credits)} credits)`
                    : receipt.data.package.name
                }
              />
              <Row label="Total paid" value={formatAud(receipt.data.amount_cents)} strong />
            </dl>
            <p className="text-right text-sm text-muted print:text-black">
              Includes GST of {formatAud(receipt.data.gst_cents)}
            </p>
            <p className="mt-8 border-t border-velvet-100 pt-4 text-xs text-muted print:text-black">
              Amounts in Australian dollars ({receipt.data.currency}), GST included. Keep this receipt for your records.
            </p>
          </article>
        ) : null}
      </div>
    </div>
  );
}

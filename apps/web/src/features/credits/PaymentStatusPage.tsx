import { useQuery } from "@tanstack/react-query";
import { paymentStopMessages, type TPaymentStatus } from "@velvet/shared/api/payments";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { useAuthStore } from "../auth";
import { creditKeys, fetchPayment } from "./credit-api";
import { formatPrice } from "./money";
import { paidSummary, pollInterval } from "./payment-status";
import { forgetReturnAfterPurchase, returnAfterPurchase } from "./purchase-return";
import { useSelectedPackage } from "./selected-package";
import { returnOutcome } from "./trustpay-return";

/** What the page shows: the payment's status, or while it is pending, what the member did on TrustPay's page. */
type TView = TPaymentStatus | "approved" | "cancelled";

const looks: Record<TView, { title: string; ring: string; icon: ReactNode }> = {
  pending: {
    title: "Waiting for your payment",
    ring: "bg-velvet-50 text-velvet-500",
    icon: <span className="size-9 animate-spin rounded-full border-4 border-velvet-200 border-t-rose-500" />,
  },
  paid: {
    title: "Payment successful",
    ring: "bg-success/10 text-success",
    icon: (
      <svg
        viewBox="0 0 24 24"
        className="size-10"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        aria-hidden="true"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    ),
  },
  failed: {
    title: "Payment declined",
    ring: "bg-danger/10 text-danger",
    icon: (
      <svg
        viewBox="0 0 24 24"
        className="size-10"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        aria-hidden="true"
      >
        <path d="M7 7l10 10M17 7 7 17" strokeLinecap="round" />
      </svg>
    ),
  },
  approved: {
    title: "Payment approved",
    ring: "bg-success/10 text-success",
    icon: <span className="size-9 animate-spin rounded-full border-4 border-success/20 border-t-success" />,
  },
  cancelled: {
    title: "Payment cancelled",
    ring: "bg-velvet-50 text-velvet-600",
    icon: (
      <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M8.5 15.5l7-7" strokeLinecap="round" />
      </svg>
    ),
  },
  refunded: {
    title: "Payment refunded",
    ring: "bg-velvet-50 text-velvet-600",
    icon: (
      <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
        <path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    ),
  },
  charged_back: {
    title: "Payment disputed",
    ring: "bg-danger/10 text-danger",
    icon: (
      <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
        <path
          d="M12 8v5M12 16.5v.5M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    ),
  },
};

/**
 * /payment-status and /trustpay-status: where the gateway sends the member
 * back. It polls the payment until the gateway's notification settles it;
 * until then TrustPay's ResultCode says what the member did on its page, but
 * only the notification credits anything (the URL is the member's to change).
 */
export default function PaymentStatusPage() {
  const [params] = useSearchParams();
  const id = params.get("payment") ?? "";
  const outcome = returnOutcome(params.get("ResultCode"));
  const since = useRef(Date.now());
  const payment = useQuery({
    queryKey: creditKeys.payment(id),
    queryFn: () => fetchPayment(id),
    enabled: id !== "",
    // A cancelled checkout has nothing coming: no notification follows it.
    refetchInterval: (query) =>
      outcome === "cancelled" ? false : pollInterval(query.state.data?.status, Date.now() - since.current),
  });
  const status = payment.data?.status;
  // Bought from a conversation (out of credits mid-message): lead back there, the message waiting.
  const back = returnAfterPurchase();

  useEffect(() => {
    if (status !== "paid") return;
    // The navbar follows CreditsEarned in real time; this covers a tab whose connection is not up yet.
    void useAuthStore.getState().fetchUser();
    useSelectedPackage.getState().clear();
  }, [status]);

  if (!id || payment.isError) {
    return (
      <StatusCard status={null} title="No payment to show">
        <p className="text-muted">This link does not lead to one of your payments.</p>
        <Link to="/credits/package" className="btn-primary mt-6">
          Buy credits
        </Link>
      </StatusCard>
    );
  }
  if (!payment.data) return <StatusCard status="pending" title="Checking your payment…" />;

  const data = payment.data;
  const view: TView = data.status !== "pending" ? data.status : pendingView[outcome ?? "pending"];
  // The member's own spending controls stopped it: say so, not "declined" or a plain refund.
  const cancelledByBreak = data.status === "failed" && data.stopped_by === "cool_off";
  return (
    <StatusCard status={view} title={cancelledByBreak ? "Checkout cancelled" : looks[view].title}>
      <p className="text-sm text-muted">
        {data.package_name} · {formatPrice(data.price, data.currency)}
      </p>
      {view === "approved" ? (
        <p className="mt-4 text-ink/80">
          TrustPay approved your payment. Your purchase appears here and in your balance as soon as TrustPay confirms it
          to us, usually within seconds.
        </p>
      ) : null}
      {view === "cancelled" ? (
        <>
          <p className="mt-4 text-ink/80">You cancelled the payment, so your card was not charged.</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to="/credits/package" className="btn-primary">
              Choose a package
            </Link>
          </div>
        </>
      ) : null}
      {view === "pending" ? (
        <p className="mt-4 text-ink/80">
          We'll update this page as soon as your bank confirms; it usually takes a few seconds. You can leave, too: your
          purchase arrives either way.
        </p>
      ) : null}
      {data.status === "paid" ? (
        <>
          <p className="mt-4 text-lg font-semibold text-velvet-900">{paidSummary(data)}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            {back ? (
              <Link to={back} className="btn-primary" onClick={forgetReturnAfterPurchase}>
                {back.startsWith("/messages/") ? "Back to your conversation" : "Continue where you were"}
              </Link>
            ) : (
              <Link to="/messages" className="btn-primary">
                Start chatting
              </Link>
            )}
            <Link to="/dashboard" className="btn-outline">
              Browse profiles
            </Link>
          </div>
        </>
      ) : null}
      {cancelledByBreak ? (
        <>
          <p className="mt-4 text-ink/80">{paymentStopMessages.cancelled}</p>
          <SpendingControlsLink />
        </>
      ) : null}
      {view === "failed" && !cancelledByBreak ? (
        <>
          <p className="mt-4 text-ink/80">Your card was not charged. Check the card details or try another card.</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to="/credits/package" className="btn-primary">
              Try again
            </Link>
            <Link to="/how-to-pay" className="btn-outline">
              How to pay
            </Link>
          </div>
        </>
      ) : null}
      {data.status === "refunded" && data.stopped_by ? (
        <>
          <p className="mt-4 text-ink/80">{paymentStopMessages.refunded[data.stopped_by]}</p>
          <p className="mt-2 text-ink/80">{paymentStopMessages.refundArrives}</p>
          <SpendingControlsLink />
        </>
      ) : null}
      {data.status === "refunded" && !data.stopped_by ? (
        <p className="mt-4 text-ink/80">This payment was refunded to your card, and what it bought was taken back.</p>
      ) : null}
      {data.status === "charged_back" ? (
        <p className="mt-4 text-ink/80">
          Your bank reversed this payment, so what it bought was taken back. Please contact support.
        </p>
      ) : null}
    </StatusCard>
  );
}

function SpendingControlsLink() {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Link to="/account" className="btn-outline">
        My spending controls
      </Link>
    </div>
  );
}

/** A pending payment's view by what TrustPay's return said: declined shows at once, approved waits for the notification. */
const pendingView: Record<NonNullable<ReturnType<typeof returnOutcome>>, TView> = {
  success: "approved",
  pending: "pending",
  declined: "failed",
  cancelled: "cancelled",
};

function StatusCard({ status, title, children }: { status: TView | null; title: string; children?: ReactNode }) {
  const look = status ? looks[status] : null;
  return (
    <div className="page-container flex justify-center py-12 sm:py-20">
      <section className="card w-full max-w-lg p-8 text-center" aria-live="polite">
        {look ? (
          <span className={`mx-auto grid size-20 place-items-center rounded-full ${look.ring}`}>{look.icon}</span>
        ) : null}
        <h1 className="mt-5 text-3xl font-semibold text-velvet-900">{title}</h1>
        <div className="mt-2">{children}</div>
      </section>
    </div>
  );
}

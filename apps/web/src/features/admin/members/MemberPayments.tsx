import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAdminMemberDetail, TAdminPaymentRow } from "@velvet/shared/api/admin-members";
import { useState } from "react";
import { toast } from "../../../ui/toast";
import { errorMessage, Panel, Pill, ScrollArea } from "../admin-ui";
import { formatCount, formatMoney, formatShortDateTime } from "../format";
import { memberKeys, refundPayment } from "./members-api";
import { RefundDialog } from "./RefundDialog";

const th = "px-4 py-2 font-semibold whitespace-nowrap";
const td = "px-4 py-2 align-top";

/** A payment's state as the admin reads it: a refund asked of the gateway shows until the gateway confirms it. */
function PaymentState({ payment }: { payment: TAdminPaymentRow }) {
  if (payment.status === "paid" && payment.refund_reference) return <Pill tone="warn">refund requested</Pill>;
  const when =
    payment.status === "refunded"
      ? payment.refunded_at
      : payment.status === "charged_back"
        ? payment.charged_back_at
        : null;
  const tone =
    payment.status === "paid"
      ? "good"
      : payment.status === "failed" || payment.status === "charged_back"
        ? "bad"
        : "neutral";
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Pill tone={tone}>{payment.status.replace("_", " ")}</Pill>
      {when ? <span className="text-[11px] text-muted">{formatShortDateTime(when)}</span> : null}
    </span>
  );
}

/** The member's latest payments; each paid one can be refunded in full, after a confirmation with a reason. */
export function PaymentsTable({ member }: { member: TAdminMemberDetail }) {
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<TAdminPaymentRow | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => refundPayment(id, { reason }),
    onSuccess: (payment) => {
      setRefunding(null);
      toast.success(
        payment.status === "refunded"
          ? `Refunded ${formatMoney(payment.price_cents, payment.currency)} to ${member.username}.`
          : "Refund requested: the gateway confirms it shortly.",
      );
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(member.uuid) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const rows = member.payments;
  return (
    <Panel title="Payments" actions={<span className="text-xs text-muted">latest 20</span>}>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">No payment yet.</p>
      ) : (
        <ScrollArea label="Payment rows">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="bg-cream-50 text-left text-[11px] tracking-wider text-muted uppercase">
              <tr>
                <th className={th}>When</th>
                <th className={th}>Package</th>
                <th className={`${th} text-right`}>Credits</th>
                <th className={`${th} text-right`}>Price</th>
                <th className={th}>Status</th>
                {/* Relative: an sr-only label is absolute, and would otherwise widen the page on a phone. */}
                <th className={`${th} relative`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-velvet-50">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${td} whitespace-nowrap text-muted`}>{formatShortDateTime(row.created_at)}</td>
                  <td className={`${td} font-medium`}>{row.package_name}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatCount(row.credits)}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatMoney(row.price_cents, row.currency)}</td>
                  <td className={td}>
                    <PaymentState payment={row} />
                  </td>
                  <td className={`${td} text-right`}>
                    {row.status === "paid" && !row.refund_reference ? (
                      <button
                        type="button"
                        onClick={() => setRefunding(row)}
                        aria-label={`Refund ${row.package_name} of ${formatShortDateTime(row.created_at)}`}
                        className="rounded-md px-2 py-1 text-xs font-semibold text-danger ring-1 ring-rose-200 transition hover:bg-rose-50"
                      >
                        Refund…
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      {refunding ? (
        <RefundDialog
          payment={refunding}
          username={member.username}
          busy={mutation.isPending}
          onRefund={(reason) => mutation.mutate({ id: refunding.id, reason })}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </Panel>
  );
}

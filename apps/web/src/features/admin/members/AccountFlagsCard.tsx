import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAdminMemberDetail } from "@velvet/shared/api/admin-members";
import type { TAdminAccountFlag } from "@velvet/shared/api/admin-payments";
import { toast } from "../../../ui/toast";
import { adminSecondaryButtonClass, errorMessage, Panel, Pill } from "../admin-ui";
import { formatCount, formatShortDateTime } from "../format";
import { memberKeys, resolveFlag } from "./members-api";

const described: Record<TAdminAccountFlag["reason"], { title: string; tone: "bad" | "warn" }> = {
  chargeback: { title: "Chargeback", tone: "bad" },
  refund_shortfall: { title: "Refund shortfall", tone: "warn" },
};

function explain(flag: TAdminAccountFlag): string {
  if (flag.reason === "chargeback") {
    return "The bank reversed a payment. Purchases are suspended until this is cleared.";
  }
  return `A refund or chargeback could not take back ${formatCount(flag.credits_short)} credits: they were already spent.`;
}

/**
 * Open flags on the account (refund shortfalls, chargebacks), each cleared by an admin once looked at. Shown
 * across the page, above everything else, so a phone's admin sees it first too.
 */
export function AccountFlagsCard({ member }: { member: TAdminMemberDetail }) {
  const queryClient = useQueryClient();
  const clear = useMutation({
    mutationFn: (flagId: number) => resolveFlag(member.uuid, flagId),
    onSuccess: (flag) => {
      toast.success(flag.reason === "chargeback" ? `Cleared: ${member.username} can buy again.` : "Flag cleared.");
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(member.uuid) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (member.account_flags.length === 0) return null;
  return (
    <Panel title="Account flags" actions={<Pill tone="bad">{member.account_flags.length} open</Pill>}>
      <ul className="divide-y divide-velvet-50">
        {member.account_flags.map((flag) => (
          <li key={flag.id} className="flex flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex items-center gap-2">
                <Pill tone={described[flag.reason].tone}>{described[flag.reason].title}</Pill>
                <span className="text-xs text-muted">{formatShortDateTime(flag.created_at)}</span>
              </div>
              <p className="text-ink/80">{explain(flag)}</p>
            </div>
            <button
              type="button"
              disabled={clear.isPending}
              onClick={() => clear.mutate(flag.id)}
              aria-label={`Clear the ${described[flag.reason].title.toLowerCase()} flag`}
              className={`${adminSecondaryButtonClass} shrink-0 sm:w-28`}
            >
              Clear
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

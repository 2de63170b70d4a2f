import { useQueryClient } from "@tanstack/react-query";
import type { TSpendingControls } from "@velvet/shared/api/purchases";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { FormAlert, TextField } from "../../ui/forms/fields";
import { Modal } from "../../ui/Modal";
import { useAuthStore } from "../auth";
import { centsFromDollars } from "./money";
import {
  formatAud,
  formatDayMonth,
  formatWhen,
  purchaseKeys,
  saveSpendingLimit,
  startCoolOff,
  useSpendingControls,
} from "./purchase-api";

const breaks = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
] as const;
type BreakDays = (typeof breaks)[number]["days"];

function LimitSummary({ controls }: { controls: TSpendingControls }) {
  const until = formatDayMonth(controls.month_ends_at);
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div className="rounded-xl bg-velvet-50 p-3">
        <dt className="text-xs font-bold tracking-wide text-velvet-600 uppercase">Monthly limit</dt>
        <dd className="mt-0.5 text-lg font-semibold text-velvet-900 tabular-nums">
          {controls.monthly_limit_cents === null ? "None" : formatAud(controls.monthly_limit_cents)}
        </dd>
      </div>
      <div className="rounded-xl bg-velvet-50 p-3">
        <dt className="text-xs font-bold tracking-wide text-velvet-600 uppercase">
          {controls.remaining_cents === null ? "Spent this month" : `Left until ${until}`}
        </dt>
        <dd className="mt-0.5 text-lg font-semibold text-velvet-900 tabular-nums">
          {formatAud(controls.remaining_cents ?? controls.spent_this_month_cents)}
        </dd>
      </div>
    </dl>
  );
}

function ConfirmBreak({
  days,
  busy,
  onConfirm,
  onClose,
}: {
  days: BreakDays;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const ends = formatWhen(new Date(Date.now() + days * 86_400_000).toISOString());
  return (
    <Modal label="Take a break from buying" onClose={onClose} variant="sheet">
      <div className="space-y-4 p-6">
        <h3 className="text-xl font-semibold text-velvet-900">Take a {days}-day break from buying?</h3>
        <p className="text-sm text-ink/80">
          Until about {ends} you will not be able to buy credits, the 24-hour pass or VIP. You can still chat with the
          credits you have.
        </p>
        <p className="rounded-xl border border-danger/30 bg-danger/5 px-3 py-2 text-sm font-semibold text-danger">
          This cannot be undone: the break cannot be ended or shortened early.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-primary" disabled={busy} onClick={onConfirm}>
            Start my {days}-day break
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * Account settings → Spending limit: a monthly limit (a cut applies at once, a raise or removal after 24 hours,
 * as the server decides) and a break from buying that cannot be undone, confirmed before it starts.
 */
export function SpendingLimitSection({ impersonated }: { impersonated: boolean }) {
  const uuid = useAuthStore((state) => state.user?.uuid ?? null);
  const queryClient = useQueryClient();
  const controls = useSpendingControls();
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [confirming, setConfirming] = useState<BreakDays | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (change: () => Promise<TSpendingControls>, success: (next: TSpendingControls) => string) => {
    setNotice(null);
    setFieldError(undefined);
    setBusy(true);
    try {
      const next = await change();
      queryClient.setQueryData(purchaseKeys.spending(uuid), next);
      setNotice({ tone: "success", text: success(next) });
      return true;
    } catch (error) {
      const field =
        error instanceof ApiError ? (error.errors.monthly_limit_cents?.[0] ?? error.errors.days?.[0]) : null;
      setNotice({ tone: "error", text: field ?? (error instanceof ApiError ? error.message : "Please try again.") });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const describe = (next: TSpendingControls) =>
    next.pending_limit
      ? `Your new limit ${next.pending_limit.monthly_limit_cents === null ? "(none)" : `of ${formatAud(next.pending_limit.monthly_limit_cents)}`} applies from ${formatWhen(next.pending_limit.effective_at)}.`
      : next.monthly_limit_cents === null
        ? "You have no monthly limit."
        : `Your monthly limit is now ${formatAud(next.monthly_limit_cents)}.`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromDollars(amount);
    if (cents === null) {
      setFieldError("Enter an amount in dollars, e.g. 100 or 49.95.");
      return;
    }
    if (await apply(() => saveSpendingLimit(cents), describe)) setAmount("");
  };

  if (controls.isPending) return <div className="h-40 animate-pulse rounded-xl bg-velvet-50" aria-hidden="true" />;
  if (controls.isError) return <FormAlert tone="error">Your spending controls could not be loaded.</FormAlert>;
  const current = controls.data;
  const coolOffEnd = current.cool_off_until ? new Date(current.cool_off_until).getTime() : 0;

  return (
    <div className="space-y-6">
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <div className="space-y-4">
        <LimitSummary controls={current} />
        {current.pending_limit ? (
          <FormAlert tone="info">
            {current.pending_limit.monthly_limit_cents === null
              ? "Your limit will be removed"
              : `Your limit rises to ${formatAud(current.pending_limit.monthly_limit_cents)}`}{" "}
            on {formatWhen(current.pending_limit.effective_at)}. A higher limit always waits 24 hours.
          </FormAlert>
        ) : null}
        <form onSubmit={(event) => void save(event)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField
              label="New monthly limit (A$)"
              inputMode="decimal"
              placeholder="e.g. 100"
              value={amount}
              error={fieldError}
              hint="A lower limit applies at once; a higher one after 24 hours."
              disabled={impersonated}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary sm:mt-7" disabled={busy || impersonated}>
            Save limit
          </button>
        </form>
        {current.monthly_limit_cents !== null && current.pending_limit?.monthly_limit_cents !== null ? (
          <button
            type="button"
            className="text-sm font-semibold text-velvet-600 hover:text-velvet-800 disabled:opacity-60"
            disabled={busy || impersonated}
            onClick={() => void apply(() => saveSpendingLimit(null), describe)}
          >
            Remove my limit (after 24 hours)
          </button>
        ) : null}
      </div>

      <div className="border-t border-velvet-100 pt-5">
        <h3 className="font-semibold text-velvet-900">Take a break from buying</h3>
        {current.cool_off_until ? (
          <p className="mt-1 text-sm font-medium text-velvet-800">
            You are taking a break from buying until {formatWhen(current.cool_off_until)}. You can make it longer.
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted">
            Pause all purchases for a while. Once started, a break cannot be ended early.
          </p>
        )}
        <div className="mt-3 grid max-w-sm grid-cols-3 gap-2">
          {breaks.map((option) => (
            <button
              key={option.days}
              type="button"
              className="btn-outline px-3"
              // A break can only grow: options ending before the running one are not offered.
              disabled={busy || impersonated || Date.now() + option.days * 86_400_000 < coolOffEnd}
              onClick={() => setConfirming(option.days)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      {confirming ? (
        <ConfirmBreak
          days={confirming}
          busy={busy}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            void apply(
              () => startCoolOff(confirming),
              (next) => `Your break from buying lasts until ${formatWhen(next.cool_off_until ?? "")}.`,
            ).then(() => setConfirming(null))
          }
        />
      ) : null}
    </div>
  );
}

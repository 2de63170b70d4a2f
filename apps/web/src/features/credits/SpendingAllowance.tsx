import { Link } from "react-router";
import { formatAud, formatDayMonth, formatWhen, useSpendingControls } from "./purchase-api";

/**
 * On the store: what the member's own spending controls leave them this month, or the end of their break. Says
 * nothing to a member without controls (most members).
 */
export function SpendingAllowance() {
  const controls = useSpendingControls();
  const current = controls.data;
  if (!current || (current.cool_off_until === null && current.remaining_cents === null)) return null;
  return (
    <div
      role="status"
      data-spending-allowance=""
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-card border border-velvet-100 bg-white px-5 py-3 text-sm shadow-card"
    >
      {current.cool_off_until ? (
        <p className="font-semibold text-velvet-900">
          You are taking a break from buying until {formatWhen(current.cool_off_until)}.
        </p>
      ) : (
        <p>
          <span className="font-semibold text-velvet-900">
            {formatAud(current.remaining_cents ?? 0)} left this month
          </span>{" "}
          <span className="text-muted">
            of your {formatAud(current.monthly_limit_cents ?? 0)} limit, until {formatDayMonth(current.month_ends_at)}
          </span>
        </p>
      )}
      <Link to="/account#spending-limit" className="font-semibold text-velvet-600 hover:text-velvet-800">
        Spending limit
      </Link>
    </div>
  );
}

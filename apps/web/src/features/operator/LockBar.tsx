import { formatCountdown } from "./clock";
import type { HeldLock } from "./use-conversation-lock";

/** Who holds the conversation: our countdown and Release, or who else is answering and a way to take it. */
export function LockBar({
  held,
  now,
  isAdmin,
  onTake,
  onRelease,
}: {
  held: HeldLock | null;
  now: number;
  /** Admins may release another operator's hold (someone who walked away). */
  isAdmin: boolean;
  onTake(): void;
  onRelease(): void;
}) {
  const left = held ? (held.deadline - now) / 1000 : 0;
  if (held?.lock.mine && left > 0) {
    return (
      <div className="flex items-center gap-2">
        <span
          role="timer"
          aria-label="Time left on your hold"
          className={`rounded-pill px-2.5 py-1 font-mono text-xs font-semibold ${left < 60 ? "bg-danger/10 text-danger" : "bg-velvet-50 text-velvet-700"}`}
        >
          {formatCountdown(left)}
        </span>
        <button type="button" onClick={onRelease} className="btn-outline px-3 py-1 text-xs" title="Alt+R">
          Release
        </button>
      </div>
    );
  }
  const other = held && !held.lock.mine && left > 0 ? held.lock : null;
  const lost = held?.lock.mine && left <= 0;
  return (
    <div className="flex items-center gap-2">
      {lost ? (
        <span role="status" className="text-xs font-semibold text-danger">
          Your hold ended: another operator can take it.
        </span>
      ) : null}
      {other ? (
        <span className="text-xs text-muted">
          {other.operator.username} is answering · {formatCountdown(left)}
        </span>
      ) : null}
      {other && isAdmin ? (
        <button type="button" onClick={onRelease} className="btn-outline px-3 py-1 text-xs">
          Unlock
        </button>
      ) : null}
      <button type="button" onClick={onTake} className="btn-primary px-3 py-1 text-xs">
        {lost ? "Take it again" : "Take conversation"}
      </button>
    </div>
  );
}

import type { TOperatorQueueItem, TOperatorQueueResponse } from "@velvet/shared/api/operator";
import type { TProfileCard } from "@velvet/shared/api/profiles";
import { SearchIcon } from "../../ui/icons";
import { formatCountdown, formatWaiting, useSecondTicker, waitingTone } from "./clock";

export interface QueueFilters {
  profile: string;
  member: string;
}

const toneClasses = {
  fresh: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  due: "bg-amber-50 text-amber-700 ring-amber-200",
  late: "bg-rose-50 text-rose-700 ring-rose-200",
} as const;

function QueueRow({
  item,
  fetchedAt,
  now,
  selected,
  onOpen,
}: {
  item: TOperatorQueueItem;
  fetchedAt: number;
  now: number;
  selected: boolean;
  onOpen(item: TOperatorQueueItem): void;
}) {
  const elapsed = Math.max(0, (now - fetchedAt) / 1000);
  const waiting = item.waiting_seconds + elapsed;
  const lockLeft = item.lock ? item.lock.seconds_left - elapsed : 0;
  const lockedByOther = item.lock !== null && !item.lock.mine && lockLeft > 0;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        aria-current={selected ? "true" : undefined}
        aria-label={`${item.member.username} to ${item.profile.username}, waiting ${formatWaiting(waiting)}${lockedByOther ? `, taken by ${item.lock?.operator.username}` : ""}`}
        className={`flex w-full gap-3 border-l-4 px-3 py-3 text-left transition hover:bg-white ${
          selected ? "border-rose-500 bg-white shadow-sm" : "border-transparent"
        } ${lockedByOther ? "opacity-60" : ""}`}
      >
        <span className="relative block size-10 shrink-0">
          <img
            src={item.member.primary_photo.thumb}
            alt=""
            className="size-10 rounded-full bg-velvet-100 object-cover"
          />
          <img
            src={item.profile.primary_photo.thumb}
            alt=""
            className="absolute -right-1.5 -bottom-1 size-6 rounded-full object-cover ring-2 ring-cream-100"
          />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5 text-sm">
            <span className="truncate font-semibold text-ink">{item.member.username}</span>
            <span className="text-muted" aria-hidden="true">
              →
            </span>
            <span className="truncate text-velvet-600">{item.profile.username}</span>
          </span>
          <span className="mt-0.5 block truncate text-xs text-muted">
            {item.last_message.type === "image" ? "📷 Photo" : (item.last_message.text ?? item.last_message.type)}
          </span>
          <span className="mt-1.5 flex flex-wrap items-center gap-1.5 text-[11px] font-semibold">
            <span className={`rounded-pill px-2 py-0.5 ring-1 ${toneClasses[waitingTone(waiting)]}`}>
              {formatWaiting(waiting)}
            </span>
            {item.unanswered_count > 1 ? (
              <span className="rounded-pill bg-velvet-100 px-2 py-0.5 text-velvet-700">
                {item.unanswered_count} new
              </span>
            ) : null}
            {item.lock && lockLeft > 0 ? (
              <span
                className={`rounded-pill px-2 py-0.5 ${item.lock.mine ? "bg-rose-700 text-white" : "bg-ink/10 text-ink"}`}
              >
                {item.lock.mine ? "You" : item.lock.operator.username} · {formatCountdown(lockLeft)}
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The left column: who is waiting, in the queue's order (texts first, longest wait first, paying members first at
 * equal wait; winks and likes last), with filters by fictional profile and by member.
 */
export function QueuePanel({
  queue,
  fetchedAt,
  profiles,
  filters,
  onFilters,
  selectedUuid,
  onOpen,
  onTakeNext,
}: {
  queue: TOperatorQueueResponse | undefined;
  fetchedAt: number;
  /** Fictional profiles seen waiting, for the filter. */
  profiles: TProfileCard[];
  filters: QueueFilters;
  onFilters(filters: QueueFilters): void;
  selectedUuid: string | undefined;
  onOpen(item: TOperatorQueueItem): void;
  onTakeNext(): void;
}) {
  const now = useSecondTicker();
  return (
    <section aria-label="Queue" className="flex h-full min-h-0 flex-col border-velvet-100 bg-cream-100 lg:border-r">
      <div className="space-y-2 border-b border-velvet-100 p-3">
        <div className="flex items-center justify-between">
          <h2 className="font-display text-lg font-semibold text-velvet-900">
            Waiting <span className="text-sm font-normal text-muted">({queue?.meta.total ?? "…"})</span>
          </h2>
          <button type="button" onClick={onTakeNext} className="btn-primary px-3 py-1.5 text-xs" title="Alt+N">
            Take next
          </button>
        </div>
        <label className="relative block">
          <span className="sr-only">Filter by member</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <input
            type="search"
            value={filters.member}
            onChange={(event) => onFilters({ ...filters, member: event.target.value })}
            placeholder="Member name or uuid"
            className="w-full rounded-pill border border-velvet-100 bg-white py-2 pr-3 pl-9 text-sm outline-none focus:border-rose-400"
          />
        </label>
        <label className="block">
          <span className="sr-only">Filter by profile</span>
          <select
            value={filters.profile}
            onChange={(event) => onFilters({ ...filters, profile: event.target.value })}
            className="w-full rounded-pill border border-velvet-100 bg-white px-3 py-2 text-sm outline-none focus:border-rose-400"
          >
            <option value="">All fictional profiles</option>
            {profiles.map((profile) => (
              <option key={profile.uuid} value={profile.uuid}>
                {profile.username}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-velvet-100/70 overflow-y-auto">
        {queue?.data.map((item) => (
          <QueueRow
            key={item.conversation_uuid}
            item={item}
            fetchedAt={fetchedAt}
            now={now}
            selected={item.conversation_uuid === selectedUuid}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {queue && queue.data.length === 0 ? (
        <p className="m-auto max-w-56 px-4 pb-16 text-center text-sm text-muted">
          Nobody is waiting right now. New messages appear here the moment they are sent.
        </p>
      ) : null}
    </section>
  );
}

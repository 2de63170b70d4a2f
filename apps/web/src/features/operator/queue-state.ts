import {
  OPERATOR_QUEUE_LIMIT,
  type TOperatorLock,
  type TOperatorQueueChange,
  type TOperatorQueueItem,
  type TOperatorQueueResponse,
} from "@velvet/shared/api/operator";
import { compareQueueEntries } from "@velvet/shared/operator/queue-order";

/** Who is looking, and through which filters: decides `mine` and which pushed entries belong in this queue. */
export interface QueueViewer {
  uuid: string;
  isAdmin: boolean;
  profile?: string | undefined;
  member?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The server's queue filters (queue-service.ts), applied to one pushed entry. */
function visibleTo(change: TOperatorQueueChange, entry: TOperatorQueueItem, viewer: QueueViewer): boolean {
  const assigned = change.assigned_operators;
  if (!viewer.isAdmin && assigned.length > 0 && !assigned.includes(viewer.uuid)) return false;
  if (viewer.profile && entry.profile.uuid !== viewer.profile) return false;
  if (viewer.member) {
    const wanted = viewer.member.toLowerCase();
    if (UUID.test(wanted)) return entry.member.uuid === wanted;
    return entry.member.username.toLowerCase().startsWith(wanted);
  }
  return true;
}

const ownLock = (lock: TOperatorLock | null, viewer: QueueViewer): TOperatorLock | null =>
  lock && { ...lock, mine: lock.operator.uuid === viewer.uuid };

/** The same figures `seconds` later: waits grow and holds run down (the queue's clock runs from its last update). */
function aged<T extends { lock: TOperatorLock | null; waiting_seconds: number }>(item: T, seconds: number): T {
  return {
    ...item,
    waiting_seconds: item.waiting_seconds + seconds,
    lock: item.lock && { ...item.lock, seconds_left: item.lock.seconds_left - seconds },
  };
}

/**
 * Applies `queue.changed` to the queue this console shows: each changed conversation's entry replaces
 * the one shown (or leaves, when it no longer waits or is not for this viewer), the viewer's own holds follow
 * the pushed locks, and the list is sorted by the queue's order. `elapsedSeconds`: since the shown queue's
 * figures were current, so every countdown stays right after the update.
 */
export function applyQueueChanges(
  queue: TOperatorQueueResponse,
  changes: TOperatorQueueChange[],
  viewer: QueueViewer,
  elapsedSeconds: number,
): TOperatorQueueResponse {
  const items = new Map(queue.data.map((item) => [item.conversation_uuid, aged(item, elapsedSeconds)]));
  const myLocks = new Map(
    queue.meta.my_locks.map((lock) => [
      lock.conversation_uuid,
      { ...lock, seconds_left: lock.seconds_left - elapsedSeconds },
    ]),
  );
  let total = queue.meta.total;
  for (const change of changes) {
    const uuid = change.conversation_uuid;
    if (items.delete(uuid)) total -= 1;
    if (change.entry && visibleTo(change, change.entry, viewer)) {
      items.set(uuid, { ...change.entry, lock: ownLock(change.entry.lock, viewer) });
      total += 1;
    }
    myLocks.delete(uuid);
    const lock = ownLock(change.lock, viewer);
    if (lock?.mine) myLocks.set(uuid, lock);
  }
  const data = [...items.values()].sort(compareQueueEntries).slice(0, OPERATOR_QUEUE_LIMIT);
  return {
    data,
    meta: {
      ...queue.meta,
      total: Math.max(total, data.length),
      my_locks: [...myLocks.values()].filter((lock) => lock.seconds_left > 0),
    },
  };
}

/**
 * What "Take next" (Alt+N) takes: the first entry in the queue's order that no other operator holds, leaving
 * out the conversation already open. `elapsedSeconds` since the queue's figures were current.
 */
export function nextToTake(
  queue: TOperatorQueueResponse | undefined,
  elapsedSeconds: number,
  openUuid?: string,
): TOperatorQueueItem | undefined {
  return queue?.data.find(
    (item) =>
      item.conversation_uuid !== openUuid &&
      (item.lock === null || item.lock.mine || item.lock.seconds_left - elapsedSeconds <= 0),
  );
}

/** The hold on one conversation as the queue knows it: the viewer's own, or another operator's on a waiting one. */
export function lockFromQueue(queue: TOperatorQueueResponse | undefined, uuid: string): TOperatorLock | null {
  if (!queue) return null;
  const mine = queue.meta.my_locks.find((lock) => lock.conversation_uuid === uuid);
  if (mine) return mine;
  return queue.data.find((item) => item.conversation_uuid === uuid)?.lock ?? null;
}

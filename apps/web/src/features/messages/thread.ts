import type { TMessage } from "@velvet/shared/api/conversations";
import type { RealtimeEventPayloads } from "@velvet/shared/realtime/events";

/**
 * The messages of one open conversation, oldest first, unique by id. Pure
 * functions: history pages, catch-up pages, real-time copies and send answers
 * all arrive through `mergeMessages`, so order and uniqueness hold whatever
 * arrives twice or out of order.
 */
export type ReadEvent = RealtimeEventPayloads["message.read"];

/** Real-time copies carry viewer_id null; the conversation knows who is looking. */
export function withViewer(message: TMessage, viewerId: number): TMessage {
  return message.viewer_id === viewerId ? message : { ...message, viewer_id: viewerId };
}

export function mergeMessages(current: readonly TMessage[], incoming: readonly TMessage[]): TMessage[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<number, TMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) {
    const known = byId.get(message.id);
    // A copy made before the read (a late real-time echo) must not take a read tick away.
    byId.set(message.id, known?.read_at && !message.read_at ? { ...message, read_at: known.read_at } : message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A message.read event: when the partner read, the viewer's own messages up to
 * the id get their read tick; when the viewer read (in another tab), the
 * received ones stop counting as unread.
 */
export function applyRead(
  messages: readonly TMessage[],
  event: ReadEvent,
  viewer: { id: number; uuid: string },
): TMessage[] {
  const readByViewer = event.reader_uuid === viewer.uuid;
  let changed = false;
  const next = messages.map((message) => {
    if (message.read_at || message.id > event.up_to_message_id) return message;
    const ownMessage = message.from_id === viewer.id;
    if (ownMessage === readByViewer) return message;
    changed = true;
    return { ...message, read_at: event.read_at };
  });
  return changed ? next : [...messages];
}

/** The newest message the viewer received and has not read, to mark read up to; null when there is none. */
export function unreadReceivedUpTo(messages: readonly TMessage[], viewerId: number): number | null {
  let upTo: number | null = null;
  for (const message of messages) {
    if (message.from_id !== viewerId && !message.read_at) upTo = Math.max(upTo ?? 0, message.id);
  }
  return upTo;
}

/** The viewer's local read marks after posting a read up to an id (the server agrees, or the event follows). */
export function markReceivedRead(
  messages: readonly TMessage[],
  viewerId: number,
  upToId: number,
  readAt: string,
): TMessage[] {
  return messages.map((message) =>
    message.from_id !== viewerId && !message.read_at && message.id <= upToId
      ? { ...message, read_at: readAt }
      : message,
  );
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

const weekday = new Intl.DateTimeFormat("en-AU", { weekday: "long" });
const sameYear = new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "long" });
const otherYear = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric" });

/** Day separators: "Today", "Yesterday", a weekday within the week, then dates. Local calendar days. */
export function dayLabel(date: Date, now: Date): string {
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return weekday.format(date);
  return date.getFullYear() === now.getFullYear() ? sameYear.format(date) : otherYear.format(date);
}

export type TimelineItem =
  | { kind: "day"; key: string; label: string }
  | { kind: "message"; key: string; message: TMessage; mine: boolean; startsGroup: boolean; endsGroup: boolean };

/** Consecutive messages from one sender within this long share a group (one avatar, tighter spacing). */
const GROUP_GAP_MS = 5 * 60_000;

/** Messages with a separator before each new day, and sender groups marked for the bubbles' shapes. */
export function buildTimeline(messages: readonly TMessage[], viewerId: number, now: Date): TimelineItem[] {
  const items: TimelineItem[] = [];
  let previous: TMessage | undefined;
  let lastDay = Number.NaN;
  for (const [index, message] of messages.entries()) {
    const created = new Date(message.created_at);
    const day = startOfDay(created);
    if (day !== lastDay) {
      items.push({ kind: "day", key: `day-${day}`, label: dayLabel(created, now) });
      lastDay = day;
      previous = undefined;
    }
    const next = messages[index + 1];
    items.push({
      kind: "message",
      key: `message-${message.id}`,
      message,
      mine: message.from_id === viewerId,
      startsGroup: !previous || !sameGroup(previous, message),
      endsGroup: !next || !sameGroup(message, next) || startOfDay(new Date(next.created_at)) !== day,
    });
    previous = message;
  }
  return items;
}

function sameGroup(earlier: TMessage, later: TMessage): boolean {
  return (
    earlier.from_id === later.from_id &&
    earlier.type !== "wink" &&
    earlier.type !== "like" &&
    later.type !== "wink" &&
    later.type !== "like" &&
    Date.parse(later.created_at) - Date.parse(earlier.created_at) < GROUP_GAP_MS
  );
}

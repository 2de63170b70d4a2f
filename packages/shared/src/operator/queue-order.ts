import type { TOperatorQueueItem } from "../api/operator";

type Ordered = Pick<TOperatorQueueItem, "conversation_uuid" | "waiting_since" | "wrote_text" | "paying">;

/** Waits are "equal" within the same clock minute of `waiting_since` (docs/operator.md, Queue order). */
export const EQUAL_WAIT_MS = 60_000;

/**
 * The queue's order, the same as the server's SQL `order by` in queue-service.ts, so a console that
 * applies pushed changes sorts exactly as a fresh GET would:
 * 1. members who wrote a text (or photo) before those who only winked or liked;
 * 2. longest waiting first, by the minute their wait began;
 * 3. at equal wait, paying members (credits bought in the last 30 days, a running pass or VIP) first;
 * 4. then the exact moment (to the millisecond) and the conversation's uuid, so the order is total.
 */
export function compareQueueEntries(a: Ordered, b: Ordered): number {
  if (a.wrote_text !== b.wrote_text) return a.wrote_text ? -1 : 1;
  const sinceA = Date.parse(a.waiting_since);
  const sinceB = Date.parse(b.waiting_since);
  const minuteA = Math.floor(sinceA / EQUAL_WAIT_MS);
  const minuteB = Math.floor(sinceB / EQUAL_WAIT_MS);
  if (minuteA !== minuteB) return minuteA - minuteB;
  if (a.paying !== b.paying) return a.paying ? -1 : 1;
  if (sinceA !== sinceB) return sinceA - sinceB;
  if (a.conversation_uuid === b.conversation_uuid) return 0;
  return a.conversation_uuid < b.conversation_uuid ? -1 : 1;
}

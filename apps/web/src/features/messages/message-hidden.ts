import type { RealtimeEventPayloads } from "@velvet/shared/realtime/events";

export type MessageHiddenEvent = RealtimeEventPayloads["MessageHidden"];

const EVENT = "velvet:message-hidden";

/**
 * MessageHidden from the member's own channel: a message they deleted for themselves in one tab
 * leaves every other open tab's conversation too. The app shell's real-time connection announces it; an open
 * thread listens (a window event, as the thread's messages live in the page, not in a shared store).
 */
export function announceMessageHidden(event: MessageHiddenEvent): void {
  window.dispatchEvent(new CustomEvent<MessageHiddenEvent>(EVENT, { detail: event }));
}

/** Listens for hidden messages; answers the function that stops listening. */
export function onMessageHidden(listener: (event: MessageHiddenEvent) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<MessageHiddenEvent>).detail);
  window.addEventListener(EVENT, handle);
  return () => window.removeEventListener(EVENT, handle);
}

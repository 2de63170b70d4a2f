// The messages feature's public surface: other features and the app shell import only this file (pages are loaded lazily by app/routes.ts, not from here).

export { conversationKeys } from "./conversation-keys";
export { SayHiDialog } from "./LazySayHiDialog";
export { bubbleShape, mineBubble } from "./MessageBubble";
export { announceMessageHidden } from "./message-hidden";
export { QueuedMessages } from "./QueuedMessages";
export { useDebouncedValue } from "./use-debounced-value";
export { useRelativeTime } from "./use-relative-time";

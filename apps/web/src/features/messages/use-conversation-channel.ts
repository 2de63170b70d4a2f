import type { TMessage } from "@velvet/shared/api/conversations";
import { type RealtimeEventPayloads, realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import type { Channel } from "pusher-js";
import { useCallback, useEffect, useRef } from "react";
import { useRealtimeStore } from "../realtime";

export interface ConversationChannelHandlers {
  message(message: TMessage): void;
  read(event: RealtimeEventPayloads["message.read"]): void;
  typing(event: RealtimeEventPayloads["client-typing"]): void;
  /** Subscribed, the first time or again after a reconnect: fetch what may have been missed. */
  subscribed(): void;
}

/** At most one typing event per this long while the member types. */
const TYPING_THROTTLE_MS = 2_500;

/**
 * Listens on private-conversation.{uuid} while the conversation is open:
 * new messages, read receipts and the partner's typing. Returns a throttled
 * way to tell the partner we are typing.
 */
export function useConversationChannel(uuid: string, enabled: boolean, handlers: ConversationChannelHandlers) {
  const pusher = useRealtimeStore((state) => state.pusher);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const channel = useRef<Channel | null>(null);
  const lastTypingSent = useRef(0);

  useEffect(() => {
    if (!pusher || !enabled) return;
    const name = realtimeChannels.conversation(uuid);
    const subscribed = pusher.subscribe(name);
    channel.current = subscribed;
    subscribed.bind("pusher:subscription_succeeded", () => latest.current.subscribed());
    subscribed.bind(realtimeEvents.messageCreated, (message: TMessage) => latest.current.message(message));
    subscribed.bind(realtimeEvents.messageRead, (event: RealtimeEventPayloads["message.read"]) =>
      latest.current.read(event),
    );
    subscribed.bind(realtimeEvents.typing, (event: RealtimeEventPayloads["client-typing"]) =>
      latest.current.typing(event),
    );
    return () => {
      subscribed.unbind_all();
      pusher.unsubscribe(name);
      channel.current = null;
    };
  }, [pusher, uuid, enabled]);

  return useCallback((username: string) => {
    const now = Date.now();
    if (!channel.current?.subscribed || now - lastTypingSent.current < TYPING_THROTTLE_MS) return;
    lastTypingSent.current = now;
    channel.current.trigger(realtimeEvents.typing, { username });
  }, []);
}

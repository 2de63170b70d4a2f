import type { TOperatorMessage } from "@velvet/shared/api/operator";
import { useCallback, useEffect, useState } from "react";
import { fetchNewMessages, fetchOlderMessages } from "./operator-api";

/**
 * New member messages are fetched as soon as the pushed queue announces them; this slow poll is only
 * the safety net for an announcement missed.
 */
export const THREAD_POLL_MS = 30_000;

/** Adds messages to a thread: unique by id, in id order. */
export function mergeMessages(current: TOperatorMessage[], incoming: TOperatorMessage[]): TOperatorMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The open conversation's messages: the page the context brought, older pages
 * on demand, and what arrives since: `catchUp` when the queue's push says the
 * member wrote (the console is not on the conversation's own channel), and a
 * slow poll besides.
 */
export function useConsoleThread(uuid: string | undefined, initial: TOperatorMessage[] | undefined, hasMore: boolean) {
  const [messages, setMessages] = useState<TOperatorMessage[]>(initial ?? []);
  const [more, setMore] = useState(hasMore);

  useEffect(() => {
    setMessages(initial ?? []);
    setMore(hasMore);
  }, [initial, hasMore]);

  const newest = messages.at(-1)?.id ?? 0;
  const catchUp = useCallback(() => {
    if (!uuid || initial === undefined) return;
    fetchNewMessages(uuid, newest)
      .then((incoming) => {
        if (incoming.length > 0) setMessages((current) => mergeMessages(current, incoming));
      })
      .catch(() => {});
  }, [uuid, initial, newest]);
  useEffect(() => {
    const timer = setInterval(catchUp, THREAD_POLL_MS);
    return () => clearInterval(timer);
  }, [catchUp]);

  const loadOlder = useCallback(async () => {
    const oldest = messages[0]?.id;
    if (!uuid || oldest === undefined) return;
    const page = await fetchOlderMessages(uuid, oldest);
    setMessages((current) => mergeMessages(current, page.data));
    setMore(page.meta.has_more);
  }, [uuid, messages]);

  const add = useCallback(
    (message: TOperatorMessage) => setMessages((current) => mergeMessages(current, [message])),
    [],
  );

  return { messages, hasMore: more, loadOlder, add, catchUp };
}

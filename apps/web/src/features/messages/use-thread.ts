import type { TMessage } from "@velvet/shared/api/conversations";
import { useCallback, useEffect, useRef, useState } from "react";
import { onMessageHidden } from "./message-hidden";
import { fetchHistory } from "./messages-api";
import { applyRead, markReceivedRead, mergeMessages, type ReadEvent, withViewer } from "./thread";

export interface ThreadState {
  messages: TMessage[];
  status: "loading" | "ready" | "error";
  hasMore: boolean;
  loadingOlder: boolean;
}

const PAGE = 30;
/** Catch-up pages after a reconnect; more than this many missed messages and the member reloads. */
const MAX_CATCH_UP_PAGES = 10;
const initial: ThreadState = { messages: [], status: "loading", hasMore: false, loadingOlder: false };

/**
 * The messages of an open conversation: the newest page first, older pages on
 * demand, and everything that arrives later (real time, catch-up, own sends)
 * merged by id so nothing shows twice.
 */
export function useThread(uuid: string, viewer: { id: number; uuid: string } | null) {
  const [state, setState] = useState<ThreadState>(initial);
  const [attempt, setAttempt] = useState(0);
  const current = useRef(state);
  current.current = state;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let cancelled = false;
    setState(initial);
    fetchHistory(uuid, {}, PAGE)
      .then((page) => {
        if (cancelled) return;
        setState((previous) => ({
          ...previous,
          // Anything that arrived while the first page loaded is kept.
          messages: mergeMessages(previous.messages, page.data),
          status: "ready",
          hasMore: page.meta.has_more,
        }));
      })
      .catch(() => {
        if (!cancelled) setState((previous) => ({ ...previous, status: "error" }));
      });
    return () => {
      cancelled = true;
    };
  }, [uuid, attempt]);

  const loadOlder = useCallback(async () => {
    const { messages, hasMore, loadingOlder, status } = current.current;
    const oldest = messages[0];
    if (status !== "ready" || !hasMore || loadingOlder || !oldest) return;
    setState((previous) => ({ ...previous, loadingOlder: true }));
    try {
      const page = await fetchHistory(uuid, { before: oldest.id }, PAGE);
      setState((previous) => ({
        ...previous,
        messages: mergeMessages(previous.messages, page.data),
        hasMore: page.meta.has_more,
        loadingOlder: false,
      }));
    } catch {
      setState((previous) => ({ ...previous, loadingOlder: false }));
    }
  }, [uuid]);

  /**
   * Fetches what was said while the socket was away (after a (re)subscription): everything after the newest message
   * we have, then the newest page once more, keeping only what falls inside the range already shown. Ids are taken
   * when a message is written but become visible when its transaction commits, so one with a lower id than ours can
   * commit while we were away; the newest page brings it in (found by the rolling-restart fault test).
   */
  const catchUp = useCallback(async () => {
    if (current.current.status !== "ready") return;
    const merge = (data: TMessage[]) => {
      setState((previous) => ({ ...previous, messages: mergeMessages(previous.messages, data) }));
      current.current = { ...current.current, messages: mergeMessages(current.current.messages, data) };
    };
    for (let page = 0; page < MAX_CATCH_UP_PAGES; page++) {
      const after = current.current.messages.at(-1)?.id ?? 0;
      const result = await fetchHistory(uuid, { after }, 100).catch(() => null);
      if (!result) return;
      merge(result.data);
      if (!result.meta.has_more) break;
    }
    const newest = await fetchHistory(uuid, {}, PAGE).catch(() => null);
    // Only gaps inside what the thread already shows: older pages still come when the member scrolls up.
    const oldestShown = current.current.messages[0]?.id ?? 0;
    if (newest) merge(newest.data.filter((message) => message.id >= oldestShown));
  }, [uuid]);

  const viewerId = viewer?.id;
  const viewerUuid = viewer?.uuid;
  const receive = useCallback(
    (message: TMessage) => {
      if (message.conversation !== uuid || viewerId === undefined) return;
      setState((previous) => ({
        ...previous,
        messages: mergeMessages(previous.messages, [withViewer(message, viewerId)]),
      }));
    },
    [uuid, viewerId],
  );

  const read = useCallback(
    (event: ReadEvent) => {
      if (event.conversation_uuid !== uuid || viewerId === undefined || viewerUuid === undefined) return;
      setState((previous) => ({
        ...previous,
        messages: applyRead(previous.messages, event, { id: viewerId, uuid: viewerUuid }),
      }));
    },
    [uuid, viewerId, viewerUuid],
  );

  /** A message the member deleted for themselves, here or in another tab (MessageHidden). */
  const removeMessage = useCallback((messageId: number) => {
    setState((previous) => ({ ...previous, messages: previous.messages.filter((item) => item.id !== messageId) }));
  }, []);

  useEffect(
    () =>
      onMessageHidden((event) => {
        if (event.conversation_uuid === uuid) removeMessage(event.message_id);
      }),
    [uuid, removeMessage],
  );

  const markReadLocally = useCallback(
    (upToId: number) => {
      if (viewerId === undefined) return;
      const readAt = new Date().toISOString();
      setState((previous) => ({
        ...previous,
        messages: markReceivedRead(previous.messages, viewerId, upToId, readAt),
      }));
    },
    [viewerId],
  );

  return {
    ...state,
    loadOlder,
    catchUp,
    receive,
    read,
    markReadLocally,
    removeMessage,
    retry: () => setAttempt((value) => value + 1),
  };
}

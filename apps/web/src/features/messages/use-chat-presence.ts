import type { TMessage } from "@velvet/shared/api/conversations";
import { useCallback, useEffect, useRef, useState } from "react";
import { postReadUpTo } from "./messages-api";
import { unreadReceivedUpTo } from "./thread";

/** How long "… is typing" stays after the partner's last typing event. */
const TYPING_SHOWN_MS = 4_000;

/** The partner's typing state: shown for a few seconds after each typing event, hidden when they send. */
export function useTypingIndicator() {
  const [name, setName] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((username: string) => {
    setName(username);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setName(null), TYPING_SHOWN_MS);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setName(null);
  }, []);
  return { name, show, hide };
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * Marks received messages read while the member can see them: on opening the
 * conversation, when new ones arrive, and when the tab becomes visible again.
 */
export function useMarkRead(
  uuid: string,
  messages: readonly TMessage[],
  viewerId: number | undefined,
  onMarked: (upToId: number) => void,
) {
  const visible = usePageVisible();
  const posted = useRef(0);
  useEffect(() => {
    if (!visible || viewerId === undefined) return;
    const upTo = unreadReceivedUpTo(messages, viewerId);
    if (upTo === null || upTo <= posted.current) return;
    posted.current = upTo;
    postReadUpTo(uuid, upTo).then(
      () => onMarked(upTo),
      () => {
        // Try again with the next change rather than leave the messages unread.
        posted.current = 0;
      },
    );
  }, [uuid, messages, viewerId, visible, onMarked]);
}

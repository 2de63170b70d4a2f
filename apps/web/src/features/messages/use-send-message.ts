import type { TMessage } from "@velvet/shared/api/conversations";
import { useEffect, useMemo } from "react";
import { newClientId, type PendingMessage, useOutbox } from "./outbox";
import { deliver, onDelivered } from "./outbox-delivery";

export type Draft = { type: "text"; text: string } | { type: "image"; file: File } | { type: "wink" };

const NO_PENDING: PendingMessage[] = [];

/**
 * Sending in an open conversation: an optimistic bubble at once, the upload
 * (for an image) and the send, then the delivered message replaces the bubble.
 * Offline it waits, queued, and goes out when the connection is back (outbox-delivery.ts).
 * A failure keeps the bubble with its text; a retry reuses the same client_id.
 */
export function useSendMessage(conversationUuid: string, delivered: (message: TMessage) => void) {
  const pending = useOutbox((state) => state.pending[conversationUuid] ?? NO_PENDING);
  useEffect(() => onDelivered(conversationUuid, delivered), [conversationUuid, delivered]);

  return useMemo(
    () => ({
      pending,
      send(draft: Draft) {
        const item: PendingMessage = {
          clientId: newClientId(),
          conversationUuid,
          type: draft.type,
          text: draft.type === "text" ? draft.text : null,
          image:
            draft.type === "image"
              ? { file: draft.file, previewUrl: URL.createObjectURL(draft.file), uploadedUuid: null }
              : null,
          createdAt: new Date().toISOString(),
          // Queued until its turn in the conversation's chain: "sending" at once when online.
          status: "queued",
          failure: null,
        };
        useOutbox.getState().add(item);
        void deliver(item);
      },
      retry(item: PendingMessage) {
        void deliver(item);
      },
      discard(item: PendingMessage) {
        useOutbox.getState().remove(conversationUuid, item.clientId);
      },
    }),
    [pending, conversationUuid],
  );
}

import type { TMessage } from "@velvet/shared/api/conversations";
import { useCallback, useMemo } from "react";
import { applyBalance } from "../credits/balance";
import { sendMessage, uploadMessageImage } from "./messages-api";
import { newClientId, type PendingMessage, useOutbox } from "./outbox";
import { sendFailure } from "./send-failure";

export type Draft = { type: "text"; text: string } | { type: "image"; file: File } | { type: "wink" };

const NO_PENDING: PendingMessage[] = [];

/**
 * Sending in an open conversation: an optimistic bubble at once, the upload
 * (for an image) and the send, then the delivered message replaces the bubble.
 * A failure keeps the bubble with its text; a retry reuses the same client_id.
 */
export function useSendMessage(conversationUuid: string, onDelivered: (message: TMessage) => void) {
  const pending = useOutbox((state) => state.pending[conversationUuid] ?? NO_PENDING);

  const deliver = useCallback(
    async (item: PendingMessage) => {
      const outbox = useOutbox.getState();
      outbox.update(conversationUuid, item.clientId, { status: "sending", failure: null });
      try {
        let photo = item.image?.uploadedUuid ?? null;
        if (item.image && !photo) {
          photo = (await uploadMessageImage(item.image.file)).uuid;
          outbox.update(conversationUuid, item.clientId, { image: { ...item.image, uploadedUuid: photo } });
        }
        const { sender, ...message } = await sendMessage(
          { conversationUuid },
          {
            type: item.type,
            client_id: item.clientId,
            ...(item.text ? { text: item.text } : {}),
            ...(photo ? { photo } : {}),
          },
        );
        applyBalance(sender);
        onDelivered(message);
        outbox.remove(conversationUuid, item.clientId);
      } catch (error) {
        outbox.update(conversationUuid, item.clientId, { status: "failed", failure: sendFailure(error) });
      }
    },
    [conversationUuid, onDelivered],
  );

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
          status: "sending",
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
    [pending, conversationUuid, deliver],
  );
}

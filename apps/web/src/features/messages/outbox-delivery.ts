import type { TMessage } from "@velvet/shared/api/conversations";
import { ApiError } from "../../lib/api-client";
import { useAuthStore } from "../auth";
import { applyBalance } from "../credits";
import { offerPushAfterConversationStarts } from "../push";
import { draftKey, useDrafts } from "./drafts";
import { sendMessage, uploadMessageImage } from "./messages-api";
import { type PendingMessage, queuedMessages, useOutbox } from "./outbox";
import { sendFailure } from "./send-failure";

/**
 * Sending what the outbox holds, one conversation at a time in the order written:
 * each conversation's sends are chained, so a queued message never overtakes an earlier one. Offline, a
 * message waits as "queued" and goes out when the browser is back online (flushQueued), with its own
 * client_id, so a send the server already had is answered with that message instead of stored twice.
 */
const chains = new Map<string, Promise<void>>();
const deliveredListeners = new Map<string, (message: TMessage) => void>();

/** The open conversation page hears its messages arrive (to show them in place of the bubbles). */
export function onDelivered(conversationUuid: string, listener: (message: TMessage) => void): () => void {
  deliveredListeners.set(conversationUuid, listener);
  return () => {
    if (deliveredListeners.get(conversationUuid) === listener) deliveredListeners.delete(conversationUuid);
  };
}

export function deliver(item: PendingMessage): Promise<void> {
  const previous = chains.get(item.conversationUuid) ?? Promise.resolve();
  const next = previous.then(() => attempt(item.conversationUuid, item.clientId));
  chains.set(item.conversationUuid, next);
  return next;
}

/** Sends every queued message, in order per conversation (the browser is back online, or a page opened). */
export function flushQueued(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  return Promise.all(queuedMessages(useOutbox.getState().pending).map(deliver)).then(() => undefined);
}

const isOffline = () => !navigator.onLine;

async function attempt(conversationUuid: string, clientId: string): Promise<void> {
  const outbox = useOutbox.getState();
  const waiting = outbox.pending[conversationUuid] ?? [];
  const item = waiting.find((candidate) => candidate.clientId === clientId);
  // Discarded meanwhile, or already on its way from another call.
  if (!item || item.status === "sending") return;
  const earlierQueued = waiting.slice(0, waiting.indexOf(item)).some((other) => other.status === "queued");
  if (isOffline() || earlierQueued) {
    outbox.update(conversationUuid, clientId, { status: "queued", failure: null });
    return;
  }
  outbox.update(conversationUuid, clientId, { status: "sending", failure: null });
  try {
    let photo = item.image?.uploadedUuid ?? null;
    if (item.image && !photo) {
      photo = (await uploadMessageImage(item.image.file)).uuid;
      outbox.update(conversationUuid, clientId, { image: { ...item.image, uploadedUuid: photo } });
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
    deliveredListeners.get(conversationUuid)?.(message);
    outbox.remove(conversationUuid, clientId);
    // A conversation is under way: now hearing of the reply is worth a notification.
    offerPushAfterConversationStarts();
  } catch (error) {
    // The connection went while sending: back in the queue, for when it returns.
    if (!(error instanceof ApiError) && isOffline()) {
      outbox.update(conversationUuid, clientId, { status: "queued", failure: null });
      return;
    }
    const failure = sendFailure(error);
    const member = useAuthStore.getState().user;
    if (failure.needsCredits && item.type === "text" && item.text && member) {
      // Out of credits: the words go back in the box (kept across reloads) rather than into a bubble
      // that a reload or the trip to buy credits would lose.
      outbox.remove(conversationUuid, clientId);
      useDrafts.getState().giveBack(draftKey(member.uuid, conversationUuid), item.text);
      return;
    }
    outbox.update(conversationUuid, clientId, { status: "failed", failure });
    // The member shown here still looked confirmed: reload them, and the composer says what to do.
    if (failure.needsConfirmedEmail) void useAuthStore.getState().fetchUser();
  }
}

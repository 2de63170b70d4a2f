import type { TMessage } from "@velvet/shared/api/conversations";
import { create } from "zustand";

/** A message on its way: shown at once as a bubble, kept (with its client_id) until the server has it. */
export interface PendingMessage {
  /** Made once per message and reused on every retry, so a retry is never charged twice. */
  clientId: string;
  conversationUuid: string;
  type: "text" | "image" | "wink";
  text: string | null;
  image: PendingImage | null;
  createdAt: string;
  status: "sending" | "failed";
  failure: { message: string; needsCredits: boolean } | null;
}

export interface PendingImage {
  file: File;
  /** An object URL of the chosen file, for the bubble until the sent image replaces it. */
  previewUrl: string;
  /** Set once uploaded: a retry then only sends the message. */
  uploadedUuid: string | null;
}

/** Pending bubbles whose message has not arrived yet (a real-time copy may beat the send's own answer). */
export function visiblePending(pending: readonly PendingMessage[], messages: readonly TMessage[]): PendingMessage[] {
  if (pending.length === 0) return [];
  const arrived = new Set(messages.map((message) => message.client_id));
  return pending.filter((item) => !arrived.has(item.clientId));
}

/** A UUID for client_id; crypto.randomUUID only exists in secure contexts, so fall back to random bytes. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface OutboxState {
  /** By conversation uuid; kept while the member visits other pages (buying credits, then retrying). */
  pending: Record<string, PendingMessage[]>;
  add(message: PendingMessage): void;
  update(conversationUuid: string, clientId: string, patch: Partial<PendingMessage>): void;
  remove(conversationUuid: string, clientId: string): void;
}

export const useOutbox = create<OutboxState>((set) => ({
  pending: {},
  add: (message) =>
    set((state) => ({
      pending: {
        ...state.pending,
        [message.conversationUuid]: [...(state.pending[message.conversationUuid] ?? []), message],
      },
    })),
  update: (conversationUuid, clientId, patch) =>
    set((state) => ({
      pending: {
        ...state.pending,
        [conversationUuid]: (state.pending[conversationUuid] ?? []).map((item) =>
          item.clientId === clientId ? { ...item, ...patch } : item,
        ),
      },
    })),
  remove: (conversationUuid, clientId) =>
    set((state) => {
      const item = state.pending[conversationUuid]?.find((candidate) => candidate.clientId === clientId);
      if (item?.image) URL.revokeObjectURL(item.image.previewUrl);
      return {
        pending: {
          ...state.pending,
          [conversationUuid]: (state.pending[conversationUuid] ?? []).filter(
            (candidate) => candidate.clientId !== clientId,
          ),
        },
      };
    }),
}));

import type { TMessage } from "@velvet/shared/api/conversations";
import { create } from "zustand";
import type { SendFailure } from "./send-failure";

/**
 * A message on its way: shown at once as a bubble, kept (with its client_id) until the server has it.
 * Written while offline it is "queued": kept on the device (text and winks in localStorage, so a reload keeps
 * them) and sent, in order and with the same client_id, as soon as the connection is back.
 */
export interface PendingMessage {
  /** Made once per message and reused on every retry, so a retry is never charged twice. */
  clientId: string;
  conversationUuid: string;
  type: "text" | "image" | "wink";
  text: string | null;
  image: PendingImage | null;
  createdAt: string;
  status: "queued" | "sending" | "failed";
  failure: SendFailure | null;
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

const STORAGE_PREFIX = "velvet.outbox.";

/** Where a member's queued messages are kept on this device (per member: someone else signing in never sends them). */
export function outboxStorageKey(memberUuid: string): string {
  return `${STORAGE_PREFIX}${memberUuid}`;
}

/** What survives a reload: text and winks (a chosen photo is a File, which localStorage cannot hold). */
type StoredMessage = Pick<PendingMessage, "clientId" | "conversationUuid" | "type" | "text" | "createdAt">;

export function storedMessages(memberUuid: string): StoredMessage[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(outboxStorageKey(memberUuid)) ?? "[]");
    return Array.isArray(parsed) ? (parsed as StoredMessage[]) : [];
  } catch {
    return [];
  }
}

function store(memberUuid: string, pending: Record<string, PendingMessage[]>): void {
  const kept: StoredMessage[] = Object.values(pending)
    .flat()
    .filter((item) => item.type !== "image")
    .map(({ clientId, conversationUuid, type, text, createdAt }) => ({
      clientId,
      conversationUuid,
      type,
      text,
      createdAt,
    }));
  try {
    if (kept.length > 0) window.localStorage.setItem(outboxStorageKey(memberUuid), JSON.stringify(kept));
    else window.localStorage.removeItem(outboxStorageKey(memberUuid));
  } catch {
    // Private browsing may refuse storage: the queue then lives as long as the page.
  }
}

/**
 * Messages kept from an earlier page, added behind what this page already holds. Whatever was on its way when
 * the page went (sending, or failed for want of a connection) is queued again: the same client_id makes a
 * second send of one the server already has answer that message, never store it twice.
 */
export function withRestored(
  pending: Record<string, PendingMessage[]>,
  stored: readonly StoredMessage[],
): Record<string, PendingMessage[]> {
  const known = new Set(
    Object.values(pending)
      .flat()
      .map((item) => item.clientId),
  );
  const next = { ...pending };
  for (const item of stored) {
    if (known.has(item.clientId)) continue;
    next[item.conversationUuid] = [
      ...(next[item.conversationUuid] ?? []),
      { ...item, image: null, status: "queued", failure: null },
    ];
  }
  return next;
}

/** The queued messages of every conversation, oldest first within each: the order they go out in. */
export function queuedMessages(pending: Record<string, PendingMessage[]>): PendingMessage[] {
  return Object.values(pending)
    .flat()
    .filter((item) => item.status === "queued");
}

interface OutboxState {
  /** By conversation uuid; kept while the member visits other pages (buying credits, then retrying). */
  pending: Record<string, PendingMessage[]>;
  /** The signed-in member whose queue is kept in localStorage (null before sign-in: nothing is stored). */
  memberUuid: string | null;
  /** Signs the queue to a member and takes back what an earlier page of theirs left queued. */
  attach(memberUuid: string): void;
  add(message: PendingMessage): void;
  update(conversationUuid: string, clientId: string, patch: Partial<PendingMessage>): void;
  remove(conversationUuid: string, clientId: string): void;
}

export const useOutbox = create<OutboxState>((set) => ({
  pending: {},
  memberUuid: null,
  attach: (memberUuid) =>
    set((state) =>
      state.memberUuid === memberUuid
        ? state
        : { memberUuid, pending: withRestored(state.memberUuid ? {} : state.pending, storedMessages(memberUuid)) },
    ),
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

// Every change of the queue is written through, so a reload (or a closed tab) loses nothing written.
useOutbox.subscribe((state, previous) => {
  if (state.memberUuid && (state.pending !== previous.pending || state.memberUuid !== previous.memberUuid)) {
    store(state.memberUuid, state.pending);
  }
});

import type { TConversation, TMessage } from "@velvet/shared/api/conversations";

/**
 * The conversation list rules of spec §4, as pure functions over arrays so the
 * list page, the query cache and the tests share them. The spec's ordering
 * ("star ascending") is read with the issue: starred conversations come first,
 * as the server sends them, then the newest activity.
 */
export function sortConversations(list: readonly TConversation[]): TConversation[] {
  return [...list].sort(
    (a, b) => Number(b.star) - Number(a.star) || Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id,
  );
}

/** Incoming items replace an existing item with the same id; the result is unique by id and sorted. */
export function mergeConversations(
  current: readonly TConversation[],
  incoming: readonly TConversation[],
): TConversation[] {
  const byId = new Map<number, TConversation>();
  for (const conversation of current) byId.set(conversation.id, conversation);
  for (const conversation of incoming) {
    byId.delete(conversation.id);
    byId.set(conversation.id, conversation);
  }
  return sortConversations([...byId.values()]);
}

/** A message notification (or a freshly fetched conversation) adds or replaces a conversation by uuid. */
export function upsertConversation(list: readonly TConversation[], conversation: TConversation): TConversation[] {
  return sortConversations([...list.filter((item) => item.uuid !== conversation.uuid), conversation]);
}

/**
 * A new last message updates the matching conversation: preview, time, and (for
 * a message the viewer received and has not read) the unread state. Unknown
 * conversations are left to the next fetch; a message older than the current
 * last one changes nothing.
 */
export function applyLastMessage(list: readonly TConversation[], message: TMessage): TConversation[] {
  let changed = false;
  const next = list.map((conversation) => {
    if (conversation.uuid !== message.conversation) return conversation;
    if (conversation.last_message && conversation.last_message.id >= message.id) return conversation;
    changed = true;
    const unreadCount =
      message.from_id !== conversation.viewer_id && message.read_at === null
        ? conversation.unread_count + 1
        : conversation.unread_count;
    return {
      ...conversation,
      last_message: { ...message, viewer_id: conversation.viewer_id },
      updated_at: message.created_at,
      is_unread: unreadCount > 0,
      unread_count: unreadCount,
    };
  });
  return changed ? sortConversations(next) : [...list];
}

/** The viewer has read everything in a conversation. */
export function markConversationRead(list: readonly TConversation[], uuid: string): TConversation[] {
  return list.map((conversation) =>
    conversation.uuid === uuid && (conversation.is_unread || conversation.unread_count > 0)
      ? { ...conversation, is_unread: false, unread_count: 0 }
      : conversation,
  );
}

export function setConversationStar(list: readonly TConversation[], uuid: string, star: boolean): TConversation[] {
  return sortConversations(
    list.map((conversation) => (conversation.uuid === uuid ? { ...conversation, star } : conversation)),
  );
}

export interface ConversationListState {
  items: TConversation[];
  /** The conversation open in the chat page, if any. */
  activeUuid: string | null;
}

/** Removing a conversation also clears it as the active one. */
export function removeConversation(state: ConversationListState, uuid: string): ConversationListState {
  return {
    items: state.items.filter((conversation) => conversation.uuid !== uuid),
    activeUuid: state.activeUuid === uuid ? null : state.activeUuid,
  };
}

import { describe, expect, it } from "vitest";
import {
  applyLastMessage,
  markConversationRead,
  mergeConversations,
  removeConversation,
  setConversationStar,
  sortConversations,
  upsertConversation,
} from "./conversation-list";
import { conversation, message, VIEWER } from "./test-factories";

const at = (minute: number) => `2026-05-12T10:${String(minute).padStart(2, "0")}:00.000Z`;
const ids = (list: Array<{ id: number }>) => list.map((item) => item.id);

describe("the conversation list", () => {
  it("puts starred conversations first, then the newest activity", () => {
    const list = [
      conversation({ id: 1, updated_at: at(5) }),
      conversation({ id: 2, updated_at: at(1), star: true }),
      conversation({ id: 3, updated_at: at(9) }),
      conversation({ id: 4, updated_at: at(3), star: true }),
    ];
    expect(ids(sortConversations(list))).toEqual([4, 2, 3, 1]);
  });

  it("lets incoming items replace the item with the same id, keeping the list unique by id", () => {
    const current = [conversation({ id: 1, updated_at: at(5) }), conversation({ id: 2, updated_at: at(4) })];
    const incoming = [
      conversation({ id: 2, updated_at: at(8), unread_count: 3 }),
      conversation({ id: 3, updated_at: at(1) }),
    ];
    const merged = mergeConversations(current, incoming);
    expect(ids(merged)).toEqual([2, 1, 3]);
    expect(merged[0]?.unread_count).toBe(3);
  });

  it("merges overlapping pages without duplicates", () => {
    const page = [conversation({ id: 1 }), conversation({ id: 2 })];
    expect(ids(mergeConversations(page, page))).toHaveLength(2);
    expect(ids(mergeConversations([], [...page, ...page]))).toHaveLength(2);
  });

  it("adds or replaces a conversation by uuid for a message notification", () => {
    const list = [conversation({ id: 1, updated_at: at(1) })];
    const added = upsertConversation(list, conversation({ id: 2, updated_at: at(2) }));
    expect(ids(added)).toEqual([2, 1]);
    const replaced = upsertConversation(added, conversation({ id: 1, updated_at: at(3), unread_count: 1 }));
    expect(ids(replaced)).toEqual([1, 2]);
    expect(replaced[0]?.unread_count).toBe(1);
  });

  it("updates the matching conversation with a new last message and moves it up", () => {
    const list = [conversation({ id: 1, updated_at: at(5) }), conversation({ id: 2, updated_at: at(1) })];
    const received = message({ id: 40, conversation: "conversation-2", created_at: at(7), viewer_id: null });
    const updated = applyLastMessage(list, received);
    expect(ids(updated)).toEqual([2, 1]);
    expect(updated[0]).toMatchObject({ updated_at: at(7), is_unread: true, unread_count: 1 });
    expect(updated[0]?.last_message).toMatchObject({ id: 40, viewer_id: VIEWER.id });
  });

  it("does not count the viewer's own message as unread", () => {
    const list = [conversation({ id: 1 })];
    const sent = message({ id: 41, conversation: "conversation-1", from_id: VIEWER.id, created_at: at(9) });
    expect(applyLastMessage(list, sent)[0]).toMatchObject({ is_unread: false, unread_count: 0 });
  });

  it("ignores a message older than the current last one, and unknown conversations", () => {
    const list = [conversation({ id: 1, last_message: message({ id: 50, conversation: "conversation-1" }) })];
    expect(applyLastMessage(list, message({ id: 49, conversation: "conversation-1" }))).toEqual(list);
    expect(applyLastMessage(list, message({ id: 60, conversation: "elsewhere" }))).toEqual(list);
  });

  it("clears the unread state when the viewer reads a conversation", () => {
    const list = [conversation({ id: 1, is_unread: true, unread_count: 2 }), conversation({ id: 2, unread_count: 0 })];
    expect(markConversationRead(list, "conversation-1")[0]).toMatchObject({ is_unread: false, unread_count: 0 });
  });

  it("re-sorts when a conversation is starred", () => {
    const list = [conversation({ id: 1, updated_at: at(5) }), conversation({ id: 2, updated_at: at(1) })];
    expect(ids(setConversationStar(list, "conversation-2", true))).toEqual([2, 1]);
  });

  it("clears the active conversation when it is removed, and only then", () => {
    const items = [conversation({ id: 1 }), conversation({ id: 2 })];
    expect(removeConversation({ items, activeUuid: "conversation-1" }, "conversation-1")).toEqual({
      items: [items[1]],
      activeUuid: null,
    });
    expect(removeConversation({ items, activeUuid: "conversation-2" }, "conversation-1").activeUuid).toBe(
      "conversation-2",
    );
  });
});

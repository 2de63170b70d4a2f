/** Filters of the conversation list (spec §7: page, username, only_read, only_unread). */
export interface ConversationFilters {
  username: string;
  show: "all" | "unread" | "read";
}

/**
 * Query keys of the messages feature. Kept apart from the pages so the
 * first-load real-time code can invalidate the list without loading them.
 */
export const conversationKeys = {
  /** Every conversation list, whatever its filters. */
  lists: ["conversations"] as const,
  list: (filters: ConversationFilters) => ["conversations", filters] as const,
  detail: (uuid: string) => ["conversation", uuid] as const,
  creditPrices: ["credit-prices"] as const,
};

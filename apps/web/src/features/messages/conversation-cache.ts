import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { TConversation, ZConversationListResponseSchema } from "@velvet/shared/api/conversations";
import type { z } from "zod";
import { type ConversationFilters, conversationKeys } from "./conversation-keys";
import { upsertConversation } from "./conversation-list";

export type ConversationListPage = z.infer<typeof ZConversationListResponseSchema>;
type ListData = InfiniteData<ConversationListPage, number>;
const UNFILTERED: ConversationFilters = { username: "", show: "all" };

/**
 * Applies one of the list rules (conversation-list.ts) to every cached list
 * and to the cached conversation, so /messages is already right when the
 * member goes back, without refetching every list after every change.
 */
export function updateCachedConversations(
  queryClient: QueryClient,
  update: (list: TConversation[]) => TConversation[],
): void {
  queryClient.setQueriesData<ListData>({ queryKey: conversationKeys.lists }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: update(page.data) })) } : data,
  );
  for (const [key, conversation] of queryClient.getQueriesData<TConversation>({ queryKey: ["conversation"] })) {
    if (!conversation) continue;
    const [updated] = update([conversation]);
    if (updated && updated !== conversation) queryClient.setQueryData(key, updated);
  }
}

/** Spec §7: a single conversation uses the list cache if present. */
export function conversationFromLists(queryClient: QueryClient, uuid: string): TConversation | undefined {
  for (const [, data] of queryClient.getQueriesData<ListData>({ queryKey: conversationKeys.lists })) {
    for (const page of data?.pages ?? []) {
      const found = page.data.find((conversation) => conversation.uuid === uuid);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A conversation just fetched on its own (opened from a link, or started from
 * a profile) adds or replaces its row, by uuid, in the unfiltered list: the
 * page that holds it, or else the first page.
 */
export function rememberConversation(queryClient: QueryClient, conversation: TConversation): void {
  queryClient.setQueriesData<ListData>({ queryKey: conversationKeys.list(UNFILTERED) }, (data) => {
    if (!data) return data;
    const holder = data.pages.findIndex((page) => page.data.some((item) => item.uuid === conversation.uuid));
    const target = holder === -1 ? 0 : holder;
    return {
      ...data,
      pages: data.pages.map((page, index) =>
        index === target ? { ...page, data: upsertConversation(page.data, conversation) } : page,
      ),
    };
  });
}

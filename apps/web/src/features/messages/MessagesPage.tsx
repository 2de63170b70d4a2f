import { keepPreviousData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { TConversation } from "@velvet/shared/api/conversations";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ChatIcon, SearchIcon } from "../../ui/icons";
import { ConversationRow } from "./ConversationRow";
import { updateCachedConversations } from "./conversation-cache";
import { type ConversationFilters, conversationKeys } from "./conversation-keys";
import { mergeConversations, setConversationStar } from "./conversation-list";
import { fetchConversations, setStar } from "./messages-api";
import { useDebouncedValue } from "./use-debounced-value";
import { useRelativeTime } from "./use-relative-time";

const SHOW_OPTIONS: Array<{ value: ConversationFilters["show"]; label: string }> = [
  { value: "all", label: "All" },
  { value: "unread", label: "Unread" },
  { value: "read", label: "Read" },
];
const SKELETONS = ["a", "b", "c", "d", "e"];

/** /messages: the member's conversations, starred first, with search, a read filter and paging. */
export default function MessagesPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [show, setShow] = useState<ConversationFilters["show"]>("all");
  const username = useDebouncedValue(search.trim(), 300);
  const filters = useMemo<ConversationFilters>(() => ({ username, show }), [username, show]);
  const filtered = filters.username !== "" || filters.show !== "all";
  const timeLabel = useRelativeTime();

  const query = useInfiniteQuery({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchConversations(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const conversations = useMemo(
    () => mergeConversations([], query.data?.pages.flatMap((page) => page.data) ?? []),
    [query.data],
  );
  const firstPage = query.data?.pages[0]?.meta;
  const total = firstPage ? firstPage.total + firstPage.starred_conversations : 0;

  const toggleStar = async (conversation: TConversation) => {
    const star = !conversation.star;
    updateCachedConversations(queryClient, (list) => setConversationStar(list, conversation.uuid, star));
    try {
      await setStar(conversation.uuid, star);
    } catch {
      updateCachedConversations(queryClient, (list) => setConversationStar(list, conversation.uuid, !star));
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="mb-5 flex items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">Messages</h1>
          <p className="mt-1 text-muted">
            {total > 0 ? `${total} ${total === 1 ? "conversation" : "conversations"}` : "Your conversations"}
          </p>
        </div>
      </header>

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <label className="relative flex-1">
          <span className="sr-only">Search by username</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-velvet-400" />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by username"
            maxLength={20}
            className="w-full rounded-pill border border-velvet-200 bg-white py-2.5 pr-4 pl-11 text-base shadow-sm sm:text-sm placeholder:text-muted/70 focus:border-rose-400 focus:ring-4 focus:ring-rose-100 focus:outline-none"
          />
        </label>
        <div className="inline-flex self-start rounded-pill bg-white p-1 shadow-card" role="tablist" aria-label="Show">
          {SHOW_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              role="tab"
              aria-selected={show === option.value}
              onClick={() => setShow(option.value)}
              className={`rounded-pill px-4 py-1.5 text-sm font-semibold transition ${show === option.value ? "bg-velvet-900 text-white" : "text-velvet-700 hover:bg-velvet-50"}`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      {query.isPending ? (
        <ul className="card divide-y divide-velvet-50 overflow-hidden" aria-busy="true" aria-label="Loading">
          {SKELETONS.map((key) => (
            <li key={key} className="flex items-center gap-4 px-5 py-4">
              <span className="size-14 animate-pulse rounded-full bg-velvet-100" />
              <span className="flex-1 space-y-2">
                <span className="block h-4 w-1/3 animate-pulse rounded bg-velvet-100" />
                <span className="block h-3 w-2/3 animate-pulse rounded bg-velvet-50" />
              </span>
            </li>
          ))}
        </ul>
      ) : query.isError && conversations.length === 0 ? (
        <div className="card p-10 text-center">
          <p className="font-semibold text-velvet-900">We couldn't load your messages just now.</p>
          <button type="button" className="btn-primary mt-4" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : conversations.length === 0 ? (
        <EmptyState
          filtered={filtered}
          onClear={() => {
            setSearch("");
            setShow("all");
          }}
        />
      ) : (
        <>
          <ul
            className={`card divide-y divide-velvet-50 overflow-hidden transition-opacity ${query.isPlaceholderData ? "opacity-60" : ""}`}
            aria-label="Conversations"
          >
            {conversations.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                timeLabel={timeLabel(conversation.updated_at)}
                onToggleStar={(item) => void toggleStar(item)}
              />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="mt-5 text-center">
              <button
                type="button"
                className="btn-outline"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? "Loading…" : "Load more"}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  if (filtered) {
    return (
      <div className="card px-6 py-12 text-center">
        <p className="text-lg font-semibold text-velvet-900">No conversations match</p>
        <p className="mt-1 text-muted">Try another name, or show all your conversations.</p>
        <button type="button" className="btn-outline mt-5" onClick={onClear}>
          Show all
        </button>
      </div>
    );
  }
  return (
    <div className="card px-6 py-14 text-center">
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-velvet-500 text-white shadow-glow">
        <ChatIcon className="size-8" />
      </span>
      <h2 className="mt-5 text-2xl font-semibold text-velvet-900">No conversations yet</h2>
      <p className="mx-auto mt-2 max-w-sm text-muted">
        When you write to someone, or someone writes to you, your conversation shows up here.
      </p>
      <Link to="/dashboard" className="btn-primary mt-6">
        Find someone to talk to
      </Link>
    </div>
  );
}

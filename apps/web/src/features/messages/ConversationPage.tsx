import { useQuery, useQueryClient } from "@tanstack/react-query";
import { messagingMessages, type TMessage } from "@velvet/shared/api/conversations";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../lib/api-client";
import { EmailConfirmationNotice, useAuthStore } from "../auth";
import { balanceLabel } from "../credits";
import { PushOffer } from "../push";
import { ChatHeader } from "./ChatHeader";
import { Composer } from "./Composer";
import { conversationFromLists, rememberConversation, updateCachedConversations } from "./conversation-cache";
import { conversationKeys } from "./conversation-keys";
import { applyLastMessage, markConversationRead, removeConversation, setConversationStar } from "./conversation-list";
import { draftKey } from "./drafts";
import { MessageThread } from "./MessageThread";
import { deleteConversation, fetchConversation, fetchCreditPrices, hideMessage, setStar } from "./messages-api";
import { visiblePending } from "./outbox";
import { priceOf } from "./prices";
import { buildTimeline, withViewer } from "./thread";
import { useMarkRead, useTypingIndicator } from "./use-chat-presence";
import { useConversationChannel } from "./use-conversation-channel";
import { useRelativeTime } from "./use-relative-time";
import { useSendMessage } from "./use-send-message";
import { useThread } from "./use-thread";

/** /messages/{uuid} (messages-id): one conversation, full height, in the chat layout. */
export default function ConversationPage() {
  const { id = "" } = useParams();
  // A fresh view per conversation: scroll position, typing and read state never carry over.
  return <ConversationView key={id} uuid={id} />;
}

function ConversationView({ uuid }: { uuid: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const [problem, setProblem] = useState<string | null>(null);
  // Set when this page is on its way out (the conversation deleted, or its member blocked): until the route
  // changes the query may fetch it once more, and the channel must not be asked for again (the server refuses it
  // across a block).
  const [leaving, setLeaving] = useState(false);
  const conversationQuery = useQuery({
    queryKey: conversationKeys.detail(uuid),
    queryFn: () => fetchConversation(uuid),
    placeholderData: () => conversationFromLists(queryClient, uuid),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
  const prices = useQuery({ queryKey: conversationKeys.creditPrices, queryFn: fetchCreditPrices, staleTime: 300_000 });
  const conversation = conversationQuery.data;
  const fetched = conversationQuery.isPlaceholderData ? undefined : conversation;
  useEffect(() => {
    if (fetched) rememberConversation(queryClient, fetched);
  }, [fetched, queryClient]);
  const viewerId = conversation?.viewer_id;
  const viewerUuid = conversation?.viewer.uuid;
  const viewer = useMemo(
    () => (viewerId !== undefined && viewerUuid ? { id: viewerId, uuid: viewerUuid } : null),
    [viewerId, viewerUuid],
  );
  const thread = useThread(uuid, viewer);
  const { receive, read, catchUp, markReadLocally, removeMessage } = thread;
  const typing = useTypingIndicator();
  const timeLabel = useRelativeTime();

  const showInList = useCallback(
    (message: TMessage) => updateCachedConversations(queryClient, (list) => applyLastMessage(list, message)),
    [queryClient],
  );
  const delivered = useCallback(
    (message: TMessage) => {
      receive(message);
      showInList(message);
    },
    [receive, showInList],
  );
  const outbox = useSendMessage(uuid, delivered);

  const subscribed = useRef(false);
  // The server signs the channel only while the partner can still be reached (not blocked, suspended, deactivated
  // or deleted): a conversation with nobody there gets no live updates and asks for none.
  const listening = (conversation?.chatmate.available ?? false) && !leaving;
  const sendTyping = useConversationChannel(uuid, listening, {
    message: (message) => {
      if (viewerId === undefined) return;
      receive(message);
      showInList(withViewer(message, viewerId));
      if (message.from_id !== viewerId) typing.hide();
    },
    read,
    typing: (event) => {
      if (event.username !== user?.username) typing.show(event.username);
    },
    subscribed: () => {
      subscribed.current = true;
      void catchUp();
    },
  });
  // The first page may have been read before the channel was listening: fetch anything in between.
  useEffect(() => {
    if (thread.status === "ready" && subscribed.current) void catchUp();
  }, [thread.status, catchUp]);

  const onMarked = useCallback(
    (upToId: number) => {
      markReadLocally(upToId);
      updateCachedConversations(queryClient, (list) => markConversationRead(list, uuid));
    },
    [markReadLocally, queryClient, uuid],
  );
  useMarkRead(uuid, thread.messages, viewerId, onMarked);

  const timeline = useMemo(
    () => (viewerId === undefined ? [] : buildTimeline(thread.messages, viewerId, new Date())),
    [thread.messages, viewerId],
  );

  if (!conversation) {
    return conversationQuery.isError ? (
      <Unavailable missing={conversationQuery.error instanceof ApiError && conversationQuery.error.status === 404} />
    ) : (
      <ChatSkeleton />
    );
  }

  const hide = async (message: TMessage) => {
    try {
      await hideMessage(uuid, message.id);
    } catch {
      return false;
    }
    removeMessage(message.id);
    void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    return true;
  };
  const toggleStar = async () => {
    const star = !conversation.star;
    updateCachedConversations(queryClient, (list) => setConversationStar(list, uuid, star));
    try {
      await setStar(uuid, star);
    } catch {
      updateCachedConversations(queryClient, (list) => setConversationStar(list, uuid, !star));
    }
  };
  const remove = async () => {
    try {
      await deleteConversation(uuid);
    } catch {
      setProblem("We couldn't delete this conversation. Please try again.");
      return;
    }
    setLeaving(true);
    updateCachedConversations(queryClient, (list) => removeConversation({ items: list, activeUuid: uuid }, uuid).items);
    queryClient.removeQueries({ queryKey: conversationKeys.detail(uuid) });
    navigate("/messages", { replace: true });
  };

  // A blocked pair no longer sees each other's conversation: leave it, and drop it from the lists at once.
  const blocked = () => {
    setLeaving(true);
    updateCachedConversations(queryClient, (list) => removeConversation({ items: list, activeUuid: uuid }, uuid).items);
    queryClient.removeQueries({ queryKey: conversationKeys.detail(uuid) });
    void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    navigate("/messages", { replace: true });
  };

  const hasPass = user?.has_unli_message ?? false;
  const partner = conversation.chatmate;
  return (
    <div className="flex h-full justify-center bg-gradient-to-b from-cream-100 to-cream-50">
      <section
        className="flex h-full w-full max-w-3xl flex-col bg-cream-50 sm:border-x sm:border-velvet-100 sm:shadow-card"
        aria-label={`Conversation with ${partner.username}`}
      >
        <ChatHeader
          conversation={conversation}
          lastActive={timeLabel(partner.last_active_at, "long")}
          typing={typing.name !== null}
          onToggleStar={() => void toggleStar()}
          onDelete={remove}
          onBlocked={blocked}
        />
        {problem ? (
          <p role="alert" className="bg-danger/10 px-4 py-2 text-center text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
        {thread.status === "loading" ? (
          <ThreadSkeleton />
        ) : thread.status === "error" ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
            <p className="font-semibold text-velvet-900">We couldn't load this conversation.</p>
            <button type="button" className="btn-primary" onClick={thread.retry}>
              Try again
            </button>
          </div>
        ) : thread.messages.length === 0 && outbox.pending.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <p className="font-display text-xl text-velvet-900">Say hello to {partner.username}</p>
            <p className="text-sm text-muted">A friendly opener goes a long way.</p>
          </div>
        ) : (
          <MessageThread
            timeline={timeline}
            pending={visiblePending(outbox.pending, thread.messages)}
            partner={partner}
            typingName={typing.name}
            hasMore={thread.hasMore}
            loadingOlder={thread.loadingOlder}
            onLoadOlder={() => void thread.loadOlder()}
            timeLabel={timeLabel}
            onRetry={outbox.retry}
            onDiscard={outbox.discard}
            onHide={hide}
          />
        )}
        {partner.available ? <PushOffer /> : null}
        {partner.available && user && !user.email_verified ? (
          <EmailConfirmationNotice className="border-t border-velvet-100 bg-cream-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5" />
        ) : partner.available ? (
          <Composer
            draftKey={draftKey(user?.uuid ?? "", uuid)}
            partnerName={partner.username}
            balance={user ? balanceLabel(user) : "0"}
            hasPass={hasPass}
            prices={{ text: priceOf(prices.data, "text", hasPass), image: priceOf(prices.data, "image", hasPass) }}
            disabled={thread.status !== "ready"}
            onSend={outbox.send}
            onTyping={() => user && sendTyping(user.username)}
          />
        ) : (
          <p
            data-testid="partner-unavailable"
            className="border-t border-velvet-100 bg-cream-100 px-4 py-4 text-center text-sm font-medium text-muted pb-[max(1rem,env(safe-area-inset-bottom))]"
          >
            {messagingMessages.memberUnavailable}
          </p>
        )}
      </section>
    </div>
  );
}

function Unavailable({ missing }: { missing: boolean }) {
  return (
    <div className="page-container py-16">
      <div className="card mx-auto max-w-lg p-10 text-center">
        <h1 className="text-2xl font-semibold text-velvet-900">
          {missing ? "This conversation is not available" : "We couldn't load this conversation"}
        </h1>
        <p className="mt-2 text-muted">
          {missing ? "It may have been deleted, or the link is not yours." : "Please try again in a moment."}
        </p>
        <Link to="/messages" className="btn-primary mt-6">
          Back to messages
        </Link>
      </div>
    </div>
  );
}

function ThreadSkeleton() {
  const widths = ["w-2/3", "ml-auto w-1/2", "w-1/3", "ml-auto w-3/5"];
  return (
    <div className="flex-1 space-y-3 px-4 py-6" role="status" aria-busy="true" aria-label="Loading messages">
      {widths.map((width) => (
        <div key={width} className={`h-10 animate-pulse rounded-[1.35rem] bg-velvet-100/70 ${width}`} />
      ))}
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div className="flex h-full justify-center">
      <div className="flex h-full w-full max-w-3xl flex-col bg-cream-50" aria-busy="true">
        <div className="flex items-center gap-3 border-b border-velvet-100 bg-white px-4 py-3">
          <span className="size-11 animate-pulse rounded-full bg-velvet-100" />
          <span className="h-4 w-32 animate-pulse rounded bg-velvet-100" />
        </div>
        <ThreadSkeleton />
      </div>
    </div>
  );
}

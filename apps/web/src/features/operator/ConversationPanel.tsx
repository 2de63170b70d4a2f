import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TMemberNote, TOperatorContext } from "@velvet/shared/api/operator";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { useAuthStore } from "../auth/auth-store";
import { ConsoleThread } from "./ConsoleThread";
import { ContextPanel } from "./ContextPanel";
import { formatCountdown, useSecondTicker } from "./clock";
import { fetchContext, fetchTemplates, operatorKeys, sendReply } from "./operator-api";
import { ReplyComposer, type ReplyDraft } from "./ReplyComposer";
import { useConsoleThread } from "./use-console-thread";
import { errorMessage, type HeldLock, useConversationLock } from "./use-conversation-lock";

/** Who holds the conversation: our countdown and Release, or who else is answering and a way to take it. */
function LockBar({
  held,
  now,
  isAdmin,
  onTake,
  onRelease,
}: {
  held: HeldLock | null;
  now: number;
  /** Admins may release another operator's hold (someone who walked away). */
  isAdmin: boolean;
  onTake(): void;
  onRelease(): void;
}) {
  const left = held ? (held.deadline - now) / 1000 : 0;
  if (held?.lock.mine && left > 0) {
    return (
      <div className="flex items-center gap-2">
        <span
          role="timer"
          aria-label="Time left on your hold"
          className={`rounded-pill px-2.5 py-1 font-mono text-xs font-semibold ${left < 60 ? "bg-danger/10 text-danger" : "bg-velvet-50 text-velvet-700"}`}
        >
          {formatCountdown(left)}
        </span>
        <button type="button" onClick={onRelease} className="btn-outline px-3 py-1 text-xs" title="Alt+R">
          Release
        </button>
      </div>
    );
  }
  const other = held && !held.lock.mine && left > 0 ? held.lock : null;
  return (
    <div className="flex items-center gap-2">
      {other ? (
        <span className="text-xs text-muted">
          {other.operator.username} is answering · {formatCountdown(left)}
        </span>
      ) : null}
      {other && isAdmin ? (
        <button type="button" onClick={onRelease} className="btn-outline px-3 py-1 text-xs">
          Unlock
        </button>
      ) : null}
      <button type="button" onClick={onTake} className="btn-primary px-3 py-1 text-xs">
        {held?.lock.mine ? "Take again" : "Take conversation"}
      </button>
    </div>
  );
}

function Desk({ uuid, context }: { uuid: string; context: TOperatorContext }) {
  const queryClient = useQueryClient();
  const now = useSecondTicker();
  const lock = useConversationLock(uuid, context.lock);
  const thread = useConsoleThread(uuid, context.messages, context.has_more);
  const [notes, setNotes] = useState<TMemberNote[]>(context.notes);
  useEffect(() => setNotes(context.notes), [context.notes]);
  const { data: templates = [] } = useQuery({
    queryKey: operatorKeys.templates(context.profile.uuid),
    queryFn: () => fetchTemplates(context.profile.uuid),
    staleTime: 300_000,
  });
  const mine = Boolean(lock.held?.lock.mine && lock.held.deadline > now);
  const isAdmin = useAuthStore((state) => state.user?.scope.includes("admin") ?? false);

  // Alt+R hands the conversation back from anywhere on the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.key.toLowerCase() === "r" && mine) {
        event.preventDefault();
        void lock.release().then(() => queryClient.invalidateQueries({ queryKey: operatorKeys.all }));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mine, lock, queryClient]);

  const send = async (draft: ReplyDraft) => {
    try {
      const result = await sendReply(uuid, { ...draft, client_id: crypto.randomUUID() });
      thread.add(result.message);
      lock.replaceWith(result.lock);
      void queryClient.invalidateQueries({ queryKey: ["operator", "queue"] });
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };

  return (
    <div className="grid h-full min-h-0 grid-rows-[minmax(24rem,1fr)_auto] xl:grid-cols-[minmax(0,1fr)_22rem] xl:grid-rows-1">
      <section aria-label="Conversation" className="flex min-h-0 flex-col bg-cream-50">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-velvet-100 bg-white px-4 py-2.5">
          <div className="flex min-w-0 items-center gap-2">
            <img src={context.member.primary_photo.thumb} alt="" className="size-9 rounded-full object-cover" />
            <div className="min-w-0">
              <h2 className="truncate text-sm font-semibold text-ink">
                {context.member.username}
                <span className="px-1.5 text-muted">↔</span>
                <span className="text-velvet-600">{context.profile.username}</span>
              </h2>
              <p className="text-[11px] text-muted">
                {context.member.age ? `${context.member.age}, ` : ""}
                {context.member.city}
              </p>
            </div>
          </div>
          <LockBar
            held={lock.held}
            now={now}
            isAdmin={isAdmin}
            onTake={() =>
              void lock.take().then(() => queryClient.invalidateQueries({ queryKey: ["operator", "queue"] }))
            }
            onRelease={() =>
              void lock.release().then(() => queryClient.invalidateQueries({ queryKey: ["operator", "queue"] }))
            }
          />
        </header>
        <ConsoleThread
          messages={thread.messages}
          hasMore={thread.hasMore}
          onLoadOlder={() => void thread.loadOlder()}
          label={`Conversation between ${context.member.username} and ${context.profile.username}`}
        />
        <ReplyComposer
          key={uuid}
          profileName={context.profile.username}
          photos={context.profile.photos.map((photo) => ({ uuid: photo.uuid, url: photo.urls.thumb }))}
          templates={templates}
          values={{ member: context.member.username, profile: context.profile.username, city: context.member.city }}
          enabled={mine}
          onTyping={lock.renewWhileTyping}
          onSend={send}
        />
      </section>
      <div className="min-h-0 border-velvet-100 bg-cream-100 xl:border-l">
        <ContextPanel context={context} notes={notes} onNotesChanged={setNotes} />
      </div>
    </div>
  );
}

/** The middle and right of the desk for one conversation; fetched afresh each time it is opened. */
export function ConversationPanel({ uuid }: { uuid: string }) {
  const { data, error } = useQuery({
    queryKey: operatorKeys.context(uuid),
    queryFn: () => fetchContext(uuid),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  if (error) {
    return <p className="m-auto p-8 text-center text-sm text-muted">{errorMessage(error)}</p>;
  }
  if (!data) return <p className="m-auto p-8 text-center text-sm text-muted">Loading the conversation…</p>;
  return <Desk uuid={uuid} context={data} />;
}

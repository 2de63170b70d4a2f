import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TMemberNote, TOperatorContext, TOperatorLock } from "@velvet/shared/api/operator";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../ui/toast";
import { useAuthStore } from "../auth";
import { ConsoleThread } from "./ConsoleThread";
import { ContextPanel, MEMBER_CONTEXT_ID } from "./ContextPanel";
import { useSecondTicker } from "./clock";
import { LockBar } from "./LockBar";
import { NEW_NOTE_ID } from "./NotesPanel";
import { fetchContext, fetchTemplates, operatorKeys, sendReply, sendTyping } from "./operator-api";
import { type ComposerHandle, ReplyComposer, type ReplyDraft } from "./ReplyComposer";
import { useConsoleThread } from "./use-console-thread";
import { errorMessage, useConversationLock } from "./use-conversation-lock";
import { applyOwnLock } from "./use-queue-feed";

export interface DeskProps {
  uuid: string;
  /** The hold as the pushed queue knows it (undefined until the queue has loaded), and when it was current. */
  queueLock: { lock: TOperatorLock | null; at: number } | undefined;
  /** When the member last wrote, as the pushed queue says: a change fetches the new messages at once. */
  lastMemberMessageAt: string | undefined;
  /** After a reply that handed the conversation back: the desk moves to the next one (if the operator wants). */
  onAdvance(): void;
}

const TYPING_EVERY_MS = 2_500;

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

function Desk({ uuid, context, queueLock, lastMemberMessageAt, onAdvance }: DeskProps & { context: TOperatorContext }) {
  const queryClient = useQueryClient();
  const now = useSecondTicker();
  const me = useAuthStore((state) => state.user);
  const viewer = useMemo(() => ({ uuid: me?.uuid ?? "", isAdmin: me?.scope.includes("admin") ?? false }), [me]);
  const lock = useConversationLock(uuid, context.lock, queueLock, (changed) =>
    applyOwnLock(queryClient, viewer, uuid, changed),
  );
  const thread = useConsoleThread(uuid, context.messages, context.has_more);
  const composer = useRef<ComposerHandle>(null);
  const lastTyping = useRef(0);

  // The member wrote again (the queue's push says so): show it now, not at the next poll.
  const catchUp = thread.catchUp;
  const seenMemberMessage = useRef(lastMemberMessageAt);
  useEffect(() => {
    if (lastMemberMessageAt === undefined || lastMemberMessageAt === seenMemberMessage.current) return;
    seenMemberMessage.current = lastMemberMessageAt;
    catchUp();
  }, [lastMemberMessageAt, catchUp]);
  const [notes, setNotes] = useState<TMemberNote[]>(context.notes);
  useEffect(() => setNotes(context.notes), [context.notes]);
  const { data: templates = [] } = useQuery({
    queryKey: operatorKeys.templates(context.profile.uuid),
    queryFn: () => fetchTemplates(context.profile.uuid),
    staleTime: 300_000,
  });
  const mine = Boolean(lock.held?.lock.mine && lock.held.deadline > now);
  const isAdmin = useAuthStore((state) => state.user?.scope.includes("admin") ?? false);

  // The desk's keys (all listed in the help overlay): Alt+R releases, / opens the templates, Alt+O
  // adds a note, Alt+M jumps to the member, Escape comes back to the reply box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.code === "KeyR" && mine) {
        event.preventDefault();
        void lock.release();
      } else if (event.altKey && event.code === "KeyK") {
        event.preventDefault();
        composer.current?.toggleKeep();
      } else if (event.altKey && event.code === "KeyO") {
        event.preventDefault();
        document.getElementById(NEW_NOTE_ID)?.focus();
      } else if (event.altKey && event.code === "KeyM") {
        event.preventDefault();
        const member = document.getElementById(MEMBER_CONTEXT_ID);
        // Only as far as needed: the conversation and its composer stay where they are.
        member?.focus({ preventScroll: true });
        member?.scrollIntoView({ block: "nearest" });
      } else if (event.key === "/" && !event.altKey && !event.ctrlKey && !event.metaKey && !isTextField(event.target)) {
        event.preventDefault();
        composer.current?.focus("/");
      } else if (event.key === "Escape" && !(event.target instanceof HTMLElement && event.target.closest("dialog"))) {
        composer.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mine, lock]);

  const typing = () => {
    lock.renewWhileTyping();
    if (!mine || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    sendTyping(uuid).catch(() => {});
  };

  const send = async (draft: ReplyDraft) => {
    try {
      const result = await sendReply(uuid, { ...draft, client_id: crypto.randomUUID() });
      thread.add(result.message);
      lock.replaceWith(result.lock);
      applyOwnLock(queryClient, viewer, uuid, result.lock, true);
      if (!draft.keep_lock) onAdvance();
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
            onTake={() => void lock.take()}
            onRelease={() => void lock.release()}
          />
        </header>
        <ConsoleThread
          messages={thread.messages}
          hasMore={thread.hasMore}
          onLoadOlder={() => void thread.loadOlder()}
          label={`Conversation between ${context.member.username} and ${context.profile.username}`}
        />
        <ReplyComposer
          ref={composer}
          key={uuid}
          profileName={context.profile.username}
          photos={context.profile.photos.map((photo) => ({ uuid: photo.uuid, url: photo.urls.thumb }))}
          templates={templates}
          values={{ member: context.member.username, profile: context.profile.username, city: context.member.city }}
          enabled={mine}
          onTyping={typing}
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
export function ConversationPanel(props: DeskProps) {
  const { uuid } = props;
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
  return <Desk {...props} context={data} />;
}

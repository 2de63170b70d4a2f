import type { TConversationParty, TMessage } from "@velvet/shared/api/conversations";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { BackIcon, CloseIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { MessageItem } from "./MessageBubble";
import type { PendingMessage } from "./outbox";
import { PendingBubble } from "./PendingBubble";
import type { TimelineItem } from "./thread";

/** Closer to the bottom than this and new messages scroll into view. */
const NEAR_BOTTOM_PX = 160;

interface MessageThreadProps {
  timeline: TimelineItem[];
  pending: PendingMessage[];
  partner: Pick<TConversationParty, "username" | "primary_photo" | "online">;
  typingName: string | null;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  timeLabel(when: string): string;
  onRetry(item: PendingMessage): void;
  onDiscard(item: PendingMessage): void;
  /** Deletes a message for the member only; resolves whether it worked. */
  onHide(message: TMessage): Promise<boolean>;
}

/**
 * The scrolling history: older pages load when the top comes near (keeping
 * what the member is reading in place), and new messages scroll into view
 * when the member is already at the bottom or sent them.
 */
export function MessageThread({
  timeline,
  pending,
  partner,
  typingName,
  hasMore,
  loadingOlder,
  onLoadOlder,
  timeLabel,
  onRetry,
  onDiscard,
  onHide,
}: MessageThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const [openImage, setOpenImage] = useState<{ url: string; width: number; height: number } | null>(null);
  /** The message whose "Delete for me" waits for the member's yes. */
  const [confirming, setConfirming] = useState<TMessage | null>(null);
  /** A message arrived while the member was reading further up. */
  const [unseen, setUnseen] = useState(false);
  const geometry = useRef({
    scrollHeight: 0,
    nearBottom: true,
    oldestKey: undefined as string | undefined,
    newestKey: undefined as string | undefined,
  });

  const messages = timeline.filter((item) => item.kind === "message");
  const oldestKey = messages[0]?.key;
  const newestKey = messages.at(-1)?.key;
  const lastPendingKey = pending.at(-1)?.clientId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new messages and the typing bubble are the triggers.
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const before = geometry.current;
    const olderAdded = before.oldestKey !== undefined && oldestKey !== before.oldestKey;
    if (before.nearBottom) {
      node.scrollTop = node.scrollHeight;
    } else if (olderAdded) {
      // Older messages were added above: keep the same message under the member's eyes.
      node.scrollTop += node.scrollHeight - before.scrollHeight;
    } else if (newestKey !== before.newestKey) {
      setUnseen(true);
    }
    geometry.current = { ...before, scrollHeight: node.scrollHeight, oldestKey, newestKey };
  }, [oldestKey, newestKey, typingName]);

  // Sending always shows the new bubble, wherever the member had scrolled.
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node || !lastPendingKey) return;
    node.scrollTop = node.scrollHeight;
    geometry.current = { ...geometry.current, scrollHeight: node.scrollHeight, nearBottom: true };
  }, [lastPendingKey]);

  useEffect(() => {
    const root = scroller.current;
    const target = topSentinel.current;
    if (!root || !target || !hasMore || loadingOlder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadOlder();
      },
      { root, rootMargin: "400px 0px 0px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loadingOlder, onLoadOlder]);

  const remember = () => {
    const node = scroller.current;
    if (!node) return;
    const nearBottom = node.scrollHeight - node.scrollTop - node.clientHeight < NEAR_BOTTOM_PX;
    geometry.current = { ...geometry.current, scrollHeight: node.scrollHeight, nearBottom };
    if (nearBottom) setUnseen(false);
  };
  const toBottom = () => scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: "smooth" });

  return (
    <div
      ref={scroller}
      onScroll={remember}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pt-2 pb-4 [overflow-anchor:none] sm:px-6"
      role="log"
      aria-label="Messages"
    >
      {/* Few messages sit at the bottom, next to the composer, as in any chat app. */}
      <div className="flex min-h-full flex-col justify-end">
        <div ref={topSentinel} className="h-px" />
        {loadingOlder ? (
          // Laid over the top rather than in the flow, so what the member is reading does not jump.
          <div className="relative h-0">
            <p className="absolute inset-x-0 top-2 text-center text-xs text-muted" aria-busy="true">
              <span className="rounded-pill bg-white px-3 py-1 shadow-sm ring-1 ring-velvet-100">
                Loading earlier messages…
              </span>
            </p>
          </div>
        ) : !hasMore && messages.length > 0 ? (
          <p className="py-4 text-center text-xs text-muted">This is the beginning of your conversation.</p>
        ) : null}
        {timeline.map((item) =>
          item.kind === "day" ? (
            <div key={item.key} className="sticky top-1 z-10 my-4 flex justify-center">
              <span className="rounded-pill bg-white/90 px-3 py-1 text-[11px] font-semibold tracking-wide text-velvet-700 uppercase shadow-sm ring-1 ring-velvet-100 backdrop-blur">
                {item.label}
              </span>
            </div>
          ) : (
            <MessageItem
              key={item.key}
              message={item.message}
              mine={item.mine}
              startsGroup={item.startsGroup}
              endsGroup={item.endsGroup}
              partner={partner}
              time={timeLabel(item.message.created_at)}
              onOpenImage={setOpenImage}
              onDelete={setConfirming}
            />
          ),
        )}
        {pending.map((item) => (
          <PendingBubble
            key={item.clientId}
            item={item}
            onRetry={() => onRetry(item)}
            onDiscard={() => onDiscard(item)}
          />
        ))}
        {typingName ? <TypingIndicator name={typingName} /> : null}
      </div>
      {unseen ? (
        <div className="pointer-events-none sticky bottom-2 flex justify-center">
          <button
            type="button"
            onClick={toBottom}
            className="pointer-events-auto inline-flex items-center gap-1.5 rounded-pill bg-velvet-900 px-4 py-2 text-xs font-semibold text-white shadow-lift"
          >
            <BackIcon className="size-4 -rotate-90" />
            New messages
          </button>
        </div>
      ) : null}
      {confirming ? (
        <HideMessageDialog
          partnerName={partner.username}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            const hidden = await onHide(confirming);
            if (hidden) setConfirming(null);
            return hidden;
          }}
        />
      ) : null}
      {openImage ? (
        <Modal label="Photo" variant="lightbox" onClose={() => setOpenImage(null)}>
          <div className="relative">
            <img
              src={openImage.url}
              alt="Sent in this conversation"
              className="max-h-[90dvh] max-w-[94vw] rounded-2xl object-contain shadow-lift"
            />
            <button
              type="button"
              onClick={() => setOpenImage(null)}
              className="absolute top-3 right-3 grid size-10 place-items-center rounded-full bg-velvet-950/70 text-white hover:bg-velvet-950"
              aria-label="Close photo"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="mt-3 flex items-end gap-2">
      <span className="w-9 shrink-0" />
      <div className="flex items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-[1.35rem] rounded-bl-md bg-white px-4 py-3 shadow-sm ring-1 ring-velvet-100">
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              className="size-1.5 animate-bounce rounded-full bg-velvet-400"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </span>
        <span className="text-xs text-muted">{name} is typing…</span>
      </div>
    </div>
  );
}

/** "Delete for me" asks first, and says the partner keeps their copy. */
function HideMessageDialog({
  partnerName,
  onCancel,
  onConfirm,
}: {
  partnerName: string;
  onCancel(): void;
  onConfirm(): Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Modal label="Delete this message for you?" onClose={onCancel}>
      <div className="p-6">
        <h2 className="text-xl font-semibold text-velvet-900">Delete this message for you?</h2>
        <p className="mt-2 text-sm text-muted">
          It disappears from this conversation on all your devices. {partnerName} keeps their copy.
        </p>
        {failed ? (
          <p role="alert" className="mt-3 text-sm font-medium text-danger">
            We couldn't delete this message. Please try again.
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="btn bg-danger text-white hover:brightness-110"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              setFailed(false);
              void onConfirm().then((hidden) => {
                // On success the dialog is gone; otherwise it stays, says so, and can be tried again.
                if (hidden) return;
                setBusy(false);
                setFailed(true);
              });
            }}
          >
            {busy ? "Deleting…" : "Delete for me"}
          </button>
        </div>
      </div>
    </Modal>
  );
}

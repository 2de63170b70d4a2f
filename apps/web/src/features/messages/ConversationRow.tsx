import type { TConversation } from "@velvet/shared/api/conversations";
import { Link } from "react-router";
import { StarIcon } from "../../ui/icons";
import { Avatar } from "./Avatar";
import { conversationPreview } from "./message-text";

/** One conversation in the list: partner, last message, time, unread state and a star toggle. */
export function ConversationRow({
  conversation,
  timeLabel,
  onToggleStar,
}: {
  conversation: TConversation;
  timeLabel: string;
  onToggleStar(conversation: TConversation): void;
}) {
  const { chatmate, is_unread: unread, unread_count: unreadCount, star } = conversation;
  const preview = conversationPreview(conversation);
  return (
    <li
      className={`group relative flex items-center gap-1 pr-2 transition-colors hover:bg-velvet-50/70 ${unread ? "bg-rose-50/40" : ""}`}
      data-unread={unread || undefined}
    >
      <Link
        to={`/messages/${conversation.uuid}`}
        className="flex min-w-0 flex-1 items-center gap-3 py-3.5 pl-4 sm:gap-4 sm:pl-5"
        aria-label={`${chatmate.username}${unread ? `, ${unreadCount} unread` : ""}: ${preview}`}
      >
        <Avatar party={chatmate} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <span
              className={`truncate text-base ${unread ? "font-bold text-velvet-950" : "font-semibold text-velvet-900"}`}
            >
              {chatmate.username}
            </span>
            <time
              dateTime={conversation.updated_at}
              className={`shrink-0 text-xs ${unread ? "font-semibold text-rose-700" : "text-muted"}`}
            >
              {timeLabel}
            </time>
          </div>
          <div className="mt-0.5 flex items-center justify-between gap-3">
            <p className={`truncate text-sm ${unread ? "font-semibold text-ink" : "text-muted"}`}>
              {preview || <span className="italic">No messages yet</span>}
            </p>
            {unread ? (
              <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-pill bg-rose-500 px-1.5 text-[11px] font-bold text-white">
                {unreadCount > 99 ? "99+" : Math.max(1, unreadCount)}
              </span>
            ) : null}
          </div>
        </div>
      </Link>
      <button
        type="button"
        onClick={() => onToggleStar(conversation)}
        aria-pressed={star}
        aria-label={star ? `Unstar ${chatmate.username}` : `Star ${chatmate.username}`}
        className={`grid size-10 shrink-0 place-items-center rounded-full transition hover:bg-velvet-100 ${star ? "text-amber-400" : "text-velvet-300 hover:text-velvet-500"}`}
      >
        <StarIcon filled={star} className="size-5" />
      </button>
    </li>
  );
}

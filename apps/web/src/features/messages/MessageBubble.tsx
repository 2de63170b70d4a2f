import { messagingMessages, type TConversationParty, type TMessage } from "@velvet/shared/api/conversations";
import { CheckIcon, DoubleCheckIcon, HeartIcon, WinkIcon } from "../../ui/icons";
import { Avatar } from "./Avatar";
import { MessageMenu } from "./MessageMenu";
import { eventText, isEventMessage } from "./message-text";

const exactTime = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeStyle: "short" });

/** Bubbles of one group join on the sender's side: small corners there, the last one with a tail. */
export const bubbleShape = (mine: boolean, startsGroup: boolean) =>
  `rounded-[1.35rem] ${mine ? "rounded-br-md" : "rounded-bl-md"} ${startsGroup ? "" : mine ? "rounded-tr-md" : "rounded-tl-md"}`;
export const mineBubble = "bg-gradient-to-br from-rose-500 to-velvet-500 text-white shadow-sm";
const theirBubble = "bg-white text-ink shadow-[0_1px_2px_rgb(59_10_42/0.08)] ring-1 ring-velvet-100";

/** Sent ✓ or read ✓✓ under the viewer's own messages. */
export function ReadTicks({ read }: { read: boolean }) {
  return read ? (
    <span role="img" aria-label="Read" title="Read" className="inline-flex text-rose-500">
      <DoubleCheckIcon className="h-3.5 w-4" />
    </span>
  ) : (
    <span role="img" aria-label="Sent" title="Sent" className="inline-flex text-muted">
      <CheckIcon className="size-3.5" />
    </span>
  );
}

export function ImageThumb({
  image,
  onOpen,
  label,
}: {
  /** Without a size (a file still being sent) the picture takes its own proportions. */
  image: { url: string; width?: number; height?: number };
  onOpen?: (() => void) | undefined;
  label: string;
}) {
  const picture = (
    <img
      src={image.url}
      alt={label}
      width={image.width}
      height={image.height}
      style={image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
      className="block max-h-80 w-[min(15rem,62vw)] rounded-[1.1rem] bg-velvet-100 object-cover"
      decoding="async"
    />
  );
  if (!onOpen) return picture;
  return (
    <button type="button" onClick={onOpen} className="block cursor-zoom-in" aria-label={`Open ${label.toLowerCase()}`}>
      {picture}
    </button>
  );
}

/** A wink or like: a small centred line rather than a bubble. */
export function EventLine({
  kind,
  text,
  time,
  title,
}: {
  kind: "wink" | "like";
  text: string;
  time: string;
  title?: string;
}) {
  const Icon = kind === "like" ? HeartIcon : WinkIcon;
  return (
    <div className="my-3 flex justify-center" title={title}>
      <span className="inline-flex items-center gap-2 rounded-pill bg-velvet-50 px-3.5 py-1.5 text-xs font-medium text-velvet-700 ring-1 ring-velvet-100">
        <Icon className="size-4 text-rose-500" />
        {text}
        {time ? <span className="text-muted">· {time}</span> : null}
      </span>
    </div>
  );
}

interface MessageItemProps {
  message: TMessage;
  mine: boolean;
  startsGroup: boolean;
  endsGroup: boolean;
  partner: Pick<TConversationParty, "username" | "primary_photo" | "online">;
  time: string;
  onOpenImage(image: { url: string; width: number; height: number }): void;
  /** "Delete for me" chosen from the message's menu (it asks before deleting). */
  onDelete?(message: TMessage): void;
}

/** One message: own on the right in the brand colour, received on the left under the partner's photo. */
export function MessageItem({
  message,
  mine,
  startsGroup,
  endsGroup,
  partner,
  time,
  onOpenImage,
  onDelete,
}: MessageItemProps) {
  const title = exactTime.format(new Date(message.created_at));
  if (isEventMessage(message)) {
    return (
      <EventLine
        kind={message.type === "like" ? "like" : "wink"}
        text={eventText(message, mine, partner.username)}
        time={time}
        title={title}
      />
    );
  }
  const image = message.type === "image" ? message.image : null;
  return (
    <div
      className={`group flex items-end gap-2 ${mine ? "justify-end" : "justify-start"} ${startsGroup ? "mt-3" : "mt-0.5"}`}
      data-message-id={message.id}
    >
      {mine && onDelete ? <MessageMenu mine onDelete={() => onDelete(message)} /> : null}
      {!mine ? (
        <span className="w-9 shrink-0">
          {endsGroup ? <Avatar party={{ ...partner, online: false }} size="sm" /> : null}
        </span>
      ) : null}
      <div className={`flex max-w-[78%] flex-col sm:max-w-[70%] ${mine ? "items-end" : "items-start"}`}>
        <div
          title={title}
          className={`${bubbleShape(mine, startsGroup)} ${mine ? mineBubble : theirBubble} ${image ? "p-1" : "px-4 py-2.5"}`}
        >
          {image ? (
            <ImageThumb image={image} label="Photo" onOpen={() => onOpenImage(image)} />
          ) : message.type === "image" ? (
            <span className="text-sm italic opacity-80">{messagingMessages.imageRemoved}</span>
          ) : (
            <p className="text-[0.95rem] leading-snug break-words whitespace-pre-wrap">{message.text}</p>
          )}
        </div>
        {endsGroup ? (
          <span className="mt-1 flex items-center gap-1 px-1 text-[11px] text-muted">
            <time dateTime={message.created_at}>{time}</time>
            {mine ? <ReadTicks read={message.read_at !== null} /> : null}
          </span>
        ) : null}
      </div>
      {!mine && onDelete ? <MessageMenu mine={false} onDelete={() => onDelete(message)} /> : null}
    </div>
  );
}

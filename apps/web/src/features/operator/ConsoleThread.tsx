import type { TOperatorMessage } from "@velvet/shared/api/operator";
import { useEffect, useRef } from "react";
import { bubbleShape, mineBubble } from "../messages";

const time = new Intl.DateTimeFormat("en-AU", { weekday: "short", hour: "numeric", minute: "2-digit" });
const memberBubble = "bg-white text-ink shadow-[0_1px_2px_rgb(59_10_42/0.08)] ring-1 ring-velvet-100";

function ConsoleMessage({ message, startsGroup }: { message: TOperatorMessage; startsGroup: boolean }) {
  const profileSide = message.side === "profile";
  const event = message.type === "wink" || message.type === "like";
  if (event) {
    return (
      <p className="my-2 text-center text-xs text-muted">
        {profileSide ? "Profile" : "Member"} sent a {message.type} · {time.format(new Date(message.created_at))}
      </p>
    );
  }
  return (
    <div
      className={`flex ${profileSide ? "justify-end" : "justify-start"} ${startsGroup ? "mt-3" : "mt-0.5"}`}
      data-message-id={message.id}
    >
      <div className={`flex max-w-[80%] flex-col ${profileSide ? "items-end" : "items-start"}`}>
        <div
          className={`${bubbleShape(profileSide, startsGroup)} ${profileSide ? mineBubble : memberBubble} ${message.image ? "p-1" : "px-3.5 py-2"}`}
        >
          {message.image ? (
            <img
              src={message.image.url}
              alt={profileSide ? "Sent as the profile" : "Sent by the member"}
              width={message.image.width}
              height={message.image.height}
              className="block max-h-56 w-44 rounded-[1rem] object-cover"
            />
          ) : (
            <p className="text-sm leading-snug break-words whitespace-pre-wrap">{message.text}</p>
          )}
        </div>
        <span className="mt-0.5 px-1 text-[11px] text-muted">
          {time.format(new Date(message.created_at))}
          {profileSide ? ` · ${message.operator ? `by ${message.operator.username}` : "automatic"}` : ""}
          {profileSide && message.read_at ? " · read" : ""}
        </span>
      </div>
    </div>
  );
}

/** The conversation as the operator reads it: the member on the left, the profile (us) on the right. */
export function ConsoleThread({
  messages,
  hasMore,
  onLoadOlder,
  label,
}: {
  messages: TOperatorMessage[];
  hasMore: boolean;
  onLoadOlder(): void;
  label: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new last message is the trigger.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [newest]);
  return (
    <div role="log" aria-label={label} className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
      {hasMore ? (
        <div className="mb-2 text-center">
          <button type="button" onClick={onLoadOlder} className="btn-outline px-3 py-1 text-xs">
            Earlier messages
          </button>
        </div>
      ) : null}
      {messages.map((message, index) => (
        <ConsoleMessage
          key={message.id}
          message={message}
          startsGroup={index === 0 || messages[index - 1]?.side !== message.side}
        />
      ))}
      <div ref={end} />
    </div>
  );
}

import { Link } from "react-router";
import { AlertIcon, ClockIcon, OfflineIcon } from "../../ui/icons";
import { rememberReturnAfterPurchase } from "../credits";
import { bubbleShape, EventLine, ImageThumb, mineBubble } from "./MessageBubble";
import type { PendingMessage } from "./outbox";

/**
 * A message on its way: "Waiting for a connection" while offline (it sends itself when the connection is back),
 * "Sending…", or what went wrong with Retry (same client_id) and Delete. Once the server has it, the message
 * itself replaces this bubble with its "Sent" tick.
 */
export function PendingBubble({
  item,
  onRetry,
  onDiscard,
}: {
  item: PendingMessage;
  onRetry(): void;
  onDiscard(): void;
}) {
  const failed = item.status === "failed";
  return (
    <div className="mt-3 flex flex-col items-end" data-pending={item.status} data-client-id={item.clientId}>
      {item.type === "wink" ? (
        <EventLine kind="wink" text="You winked" time="" />
      ) : (
        <div
          className={`${bubbleShape(true, true)} ${mineBubble} max-w-[78%] sm:max-w-[70%] ${item.image ? "p-1" : "px-4 py-2.5"} ${failed ? "opacity-70" : "opacity-80"}`}
        >
          {item.image ? (
            <ImageThumb image={{ url: item.image.previewUrl }} label="Photo you are sending" />
          ) : (
            <p className="text-[0.95rem] leading-snug break-words whitespace-pre-wrap">{item.text}</p>
          )}
        </div>
      )}
      {failed && item.failure ? (
        <div className="mt-1.5 flex flex-wrap items-center justify-end gap-x-3 gap-y-1 px-1 text-xs" role="alert">
          <span className="inline-flex items-center gap-1 font-semibold text-danger">
            <AlertIcon className="size-4" />
            {item.failure.message}
          </span>
          {item.failure.needsCredits ? (
            <Link
              to="/credits/buy"
              onClick={() => rememberReturnAfterPurchase(window.location.pathname)}
              className="font-semibold text-rose-600 underline underline-offset-2"
            >
              Buy credits
            </Link>
          ) : null}
          {item.failure.needsConfirmedEmail ? null : (
            <button type="button" className="font-semibold text-velvet-700 hover:text-velvet-950" onClick={onRetry}>
              Retry
            </button>
          )}
          <button type="button" className="text-muted hover:text-velvet-900" onClick={onDiscard}>
            Delete
          </button>
        </div>
      ) : item.status === "queued" ? (
        <span className="mt-1 inline-flex items-center gap-3 px-1 text-[11px] whitespace-nowrap text-muted">
          <span className="inline-flex items-center gap-1 font-semibold text-velvet-700">
            <OfflineIcon className="size-3.5" />
            Waiting for a connection
            <span className="hidden font-normal text-muted sm:inline">· sends when you're back online</span>
          </span>
          <button
            type="button"
            className="text-muted underline-offset-2 hover:text-velvet-900 hover:underline"
            onClick={onDiscard}
          >
            Delete
          </button>
        </span>
      ) : (
        <span className="mt-1 inline-flex items-center gap-1 px-1 text-[11px] text-muted">
          <ClockIcon className="size-3.5" />
          Sending…
        </span>
      )}
    </div>
  );
}

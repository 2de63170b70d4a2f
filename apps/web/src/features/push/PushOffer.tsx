import { useId, useState } from "react";
import { BellIcon } from "../../ui/icons";
import { useAuthStore } from "../auth";
import { enablePush, snoozePushOffer, usePushOffer } from "./web-push";

/**
 * The offer to turn notifications on, once the member has started a conversation: a reply is what they are
 * waiting for now. It sits above the conversation's composer (never over it); the browser's own permission
 * prompt opens only from "Turn on notifications".
 */
export function PushOffer() {
  const open = usePushOffer((state) => state.open);
  const signedIn = useAuthStore((state) => state.user !== null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  if (!open || !signedIn) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex items-start gap-3 border-t border-velvet-100 bg-white px-4 py-3 sm:px-5"
    >
      <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-rose-50 text-rose-500">
        <BellIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="text-sm font-semibold text-velvet-900">
          Know the moment they reply
        </h2>
        <p className="mt-0.5 text-xs leading-snug text-muted">
          Get a notification when someone writes, likes or winks, even with the site closed. Discreet: never what they
          wrote.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="rounded-pill bg-velvet-900 px-3.5 py-1.5 text-xs font-semibold text-white hover:bg-velvet-800 disabled:opacity-60"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void enablePush()
                .catch(() => undefined)
                .finally(() => setBusy(false));
            }}
          >
            Turn on notifications
          </button>
          <button
            type="button"
            className="rounded-pill px-3 py-1.5 text-xs font-semibold text-muted hover:bg-velvet-50 hover:text-velvet-800"
            onClick={snoozePushOffer}
          >
            Not now
          </button>
        </div>
      </div>
    </section>
  );
}

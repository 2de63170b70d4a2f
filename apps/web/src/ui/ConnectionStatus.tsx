import { timings } from "@velvet/shared/constants/limits";
import { useEffect, useRef, useState } from "react";
import { useServiceStatus } from "../lib/service-status";
import { useOnlineStatus } from "../lib/use-online-status";
import { CheckIcon, OfflineIcon } from "./icons";

const pillRow = "pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4";
const pill =
  "pointer-events-auto inline-flex items-center gap-2 rounded-pill px-4 py-2.5 text-sm font-semibold shadow-lift ring-1 motion-safe:animate-[popup-in_240ms_ease-out]";

/**
 * Online/offline status (spec §2): a pill at the bottom of the screen while
 * the browser is offline, and a short "back online" note (the snackbar's 3.5 s)
 * when the connection returns. While the API is retrying through an outage
 * (a 503 that is not maintenance), it says so. Says nothing while all is well.
 */
export function ConnectionStatus() {
  const online = useOnlineStatus();
  const retrying = useServiceStatus((state) => state.retrying > 0);
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), timings.snackbarMs);
    return () => clearTimeout(timer);
  }, [online]);

  if (online && retrying) {
    return (
      <div role="status" aria-live="polite" className={pillRow}>
        <p data-connection="retrying" className={`${pill} bg-white text-velvet-900 ring-velvet-100`}>
          <span
            className="size-4 animate-spin rounded-full border-2 border-velvet-200 border-t-rose-500"
            aria-hidden="true"
          />
          We're having trouble, retrying
        </p>
      </div>
    );
  }
  const visible = !online || backOnline;
  return (
    <div role="status" aria-live="polite" className={pillRow}>
      {visible ? (
        <p
          data-connection={online ? "online" : "offline"}
          className={`${pill} ${online ? "bg-white text-velvet-900 ring-velvet-100" : "bg-velvet-950 text-white ring-white/10"}`}
        >
          {online ? (
            <>
              <CheckIcon className="size-4 text-success" />
              You're back online
            </>
          ) : (
            <>
              <OfflineIcon className="size-4 text-rose-400" />
              You're offline. Check your connection.
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}

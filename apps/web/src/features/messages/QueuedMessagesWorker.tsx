import { useEffect } from "react";
import { useAuthStore } from "../auth";
import { queuedMessages, useOutbox } from "./outbox";

/** The sending code loads only when something waits. */
function sendQueued(): void {
  if (!navigator.onLine || queuedMessages(useOutbox.getState().pending).length === 0) return;
  void import("./outbox-delivery").then(({ flushQueued }) => flushQueued());
}

/**
 * Messages written offline go out when the connection returns, whichever page the member is on, and a page
 * opened later (a reload) sends what an earlier one left queued on this device.
 */
export default function QueuedMessagesWorker() {
  const memberUuid = useAuthStore((state) => state.user?.uuid);
  useEffect(() => {
    if (!memberUuid) return;
    useOutbox.getState().attach(memberUuid);
    sendQueued();
    window.addEventListener("online", sendQueued);
    return () => window.removeEventListener("online", sendQueued);
  }, [memberUuid]);
  return null;
}

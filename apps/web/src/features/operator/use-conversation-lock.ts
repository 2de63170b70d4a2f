import type { TOperatorLock } from "@velvet/shared/api/operator";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { toast } from "../../ui/toast";
import { releaseLock, renewLock, takeLock } from "./operator-api";

/** While the operator types, the lock is renewed at most this often. */
const RENEW_EVERY_MS = 45_000;

export interface HeldLock {
  lock: TOperatorLock;
  /** When it ends on this browser's clock (the server sends seconds left, not a time to trust here). */
  deadline: number;
}

const held = (lock: TOperatorLock | null, at = Date.now()): HeldLock | null =>
  lock ? { lock, deadline: at + lock.seconds_left * 1000 } : null;

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}

/** The same hold, whoever reports it: a take re-announced by the queue is not a change. */
const lockKey = (lock: TOperatorLock | null | undefined) =>
  lock === undefined ? undefined : lock ? `${lock.operator.uuid}|${lock.expires_at}` : "free";

/**
 * The lock on the open conversation: take, renew while typing (throttled), release, and what an answer left
 * behind. Whoever holds it, the countdown runs from the seconds the server reported. The queue's view of the
 * hold (`fromQueue`, pushed on private-operator.queue; undefined until the queue has loaded) wins whenever it
 * changes, so the countdown, "Holding n/2" and the desk always say what the server says.
 * `onChange` hears every hold the server answered here (take, renew, release), for the queue to show it.
 */
export function useConversationLock(
  uuid: string | undefined,
  initial: TOperatorLock | null | undefined,
  fromQueue: { lock: TOperatorLock | null; at: number } | undefined,
  onChange: (lock: TOperatorLock | null) => void,
) {
  const [state, setState] = useState<HeldLock | null>(() => held(initial ?? null));
  const lastRenew = useRef(0);
  const latestChange = useRef(onChange);
  latestChange.current = onChange;

  useEffect(() => {
    setState(held(initial ?? null));
    lastRenew.current = Date.now();
  }, [initial]);

  const queueKey = lockKey(fromQueue?.lock);
  const queueView = useRef(fromQueue);
  queueView.current = fromQueue;
  useEffect(() => {
    const view = queueView.current;
    if (queueKey === undefined || !view) return;
    setState((current) => (lockKey(current?.lock ?? null) === queueKey ? current : held(view.lock, view.at)));
  }, [queueKey]);

  const changed = useCallback((lock: TOperatorLock | null) => {
    setState(held(lock));
    latestChange.current(lock);
  }, []);

  const take = useCallback(async () => {
    if (!uuid) return false;
    try {
      changed(await takeLock(uuid));
      lastRenew.current = Date.now();
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  }, [uuid, changed]);

  const renewWhileTyping = useCallback(() => {
    if (!uuid || !state?.lock.mine || state.deadline <= Date.now()) return;
    if (Date.now() - lastRenew.current < RENEW_EVERY_MS) return;
    lastRenew.current = Date.now();
    renewLock(uuid)
      .then((lock) => changed(lock))
      .catch((error: unknown) => {
        changed(null);
        toast.error(errorMessage(error));
      });
  }, [uuid, state, changed]);

  const release = useCallback(async () => {
    if (!uuid) return;
    await releaseLock(uuid).catch((error: unknown) => toast.error(errorMessage(error)));
    changed(null);
  }, [uuid, changed]);

  return { held: state, take, renewWhileTyping, release, replaceWith: changed };
}

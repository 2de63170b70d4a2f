import type { TOperatorLock } from "@velvet/shared/api/operator";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../lib/api-client";
import { releaseLock, renewLock, takeLock } from "./operator-api";

/** While the operator types, the lock is renewed at most this often. */
const RENEW_EVERY_MS = 45_000;

export interface HeldLock {
  lock: TOperatorLock;
  /** When it ends on this browser's clock (the server sends seconds left, not a time to trust here). */
  deadline: number;
}

const held = (lock: TOperatorLock | null): HeldLock | null =>
  lock ? { lock, deadline: Date.now() + lock.seconds_left * 1000 } : null;

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}

/**
 * The lock on the open conversation: take, renew while typing (throttled),
 * release, and what an answer left behind. Whoever holds it, the countdown
 * runs from the seconds the server reported.
 */
export function useConversationLock(uuid: string | undefined, initial: TOperatorLock | null | undefined) {
  const [state, setState] = useState<HeldLock | null>(() => held(initial ?? null));
  const lastRenew = useRef(0);

  useEffect(() => {
    setState(held(initial ?? null));
    lastRenew.current = Date.now();
  }, [initial]);

  const take = useCallback(async () => {
    if (!uuid) return false;
    try {
      setState(held(await takeLock(uuid)));
      lastRenew.current = Date.now();
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  }, [uuid]);

  const renewWhileTyping = useCallback(() => {
    if (!uuid || !state?.lock.mine || state.deadline <= Date.now()) return;
    if (Date.now() - lastRenew.current < RENEW_EVERY_MS) return;
    lastRenew.current = Date.now();
    renewLock(uuid)
      .then((lock) => setState(held(lock)))
      .catch((error: unknown) => {
        setState(null);
        toast.error(errorMessage(error));
      });
  }, [uuid, state]);

  const release = useCallback(async () => {
    if (!uuid) return;
    await releaseLock(uuid).catch((error: unknown) => toast.error(errorMessage(error)));
    setState(null);
  }, [uuid]);

  const replaceWith = useCallback((lock: TOperatorLock | null) => setState(held(lock)), []);

  return { held: state, take, renewWhileTyping, release, replaceWith };
}

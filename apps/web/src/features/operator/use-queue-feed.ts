import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type {
  TOperatorLock,
  TOperatorQueueChange,
  TOperatorQueueItem,
  TOperatorQueueResponse,
} from "@velvet/shared/api/operator";
import { type RealtimeEventPayloads, realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { useEffect, useRef } from "react";
import { useRealtimeStore } from "../realtime";
import { applyQueueChanges, type QueueViewer } from "./queue-state";

export interface QueueFeedHandlers {
  /** Changes as they arrived (already applied to the queue), for alerts and the open conversation. */
  changed(changes: TOperatorQueueChange[]): void;
  /** Subscribed, the first time or again after a reconnect: what was missed meanwhile is fetched. */
  subscribed(): void;
}

/** Applies pushed changes to every cached queue (each filter has its own). */
export function applyToCachedQueues(
  queryClient: QueryClient,
  changes: TOperatorQueueChange[],
  viewer: Omit<QueueViewer, "profile" | "member">,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ["operator", "queue"] })) {
    const data = query.state.data as TOperatorQueueResponse | undefined;
    // A fetch still running may have read the queue before this change committed: start it again (after the
    // commit, so it includes the change), and show the change meanwhile.
    if (query.state.fetchStatus === "fetching") {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
    if (!data) continue;
    const filters = (query.queryKey[2] ?? {}) as { profile?: string; member?: string };
    const elapsed = Math.max(0, (Date.now() - query.state.dataUpdatedAt) / 1000);
    queryClient.setQueryData(
      query.queryKey,
      applyQueueChanges(data, changes, { ...viewer, profile: filters.profile, member: filters.member }, elapsed),
    );
  }
}

/**
 * The queue, pushed: listens on private-operator.queue while the desk is open and applies each
 * `queue.changed` to the cached queue. The queue is still asked for once a minute, as a safety net for what
 * no event announces (a member blocking the profile, an account closed) and for a missed event.
 */
export function useQueueFeed(viewer: Omit<QueueViewer, "profile" | "member"> | null, handlers: QueueFeedHandlers) {
  const pusher = useRealtimeStore((state) => state.pusher);
  const queryClient = useQueryClient();
  const latest = useRef({ handlers, viewer });
  useEffect(() => {
    latest.current = { handlers, viewer };
  });
  const viewerUuid = viewer?.uuid;

  useEffect(() => {
    if (!pusher || !viewerUuid) return;
    const name = realtimeChannels.operatorQueue();
    const channel = pusher.subscribe(name);
    channel.bind("pusher:subscription_succeeded", () => latest.current.handlers.subscribed());
    channel.bind(realtimeEvents.queueChanged, (event: RealtimeEventPayloads["queue.changed"]) => {
      const current = latest.current.viewer;
      if (!current) return;
      applyToCachedQueues(queryClient, event.changes, current);
      latest.current.handlers.changed(event.changes);
    });
    return () => {
      channel.unbind_all();
      pusher.unsubscribe(name);
    };
  }, [pusher, viewerUuid, queryClient]);
}

/**
 * The desk's own answers (a take, a release, a reply) applied to the queue at once, as the server just said
 * them, so the countdown, "Holding n/2" and the desk agree before the pushed change arrives (it then says the
 * same). `answered`: the reply took the conversation out of the queue.
 */
export function applyOwnLock(
  queryClient: QueryClient,
  viewer: Omit<QueueViewer, "profile" | "member">,
  uuid: string,
  lock: TOperatorLock | null,
  answered = false,
): void {
  let entry: TOperatorQueueItem | null = null;
  for (const [, data] of queryClient.getQueriesData<TOperatorQueueResponse>({ queryKey: ["operator", "queue"] })) {
    const found = data?.data.find((item) => item.conversation_uuid === uuid);
    if (found) entry = found;
  }
  applyToCachedQueues(
    queryClient,
    [{ conversation_uuid: uuid, entry: answered || !entry ? null : { ...entry, lock }, lock, assigned_operators: [] }],
    viewer,
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TOperatorQueueChange, TOperatorQueueItem, TOperatorQueueResponse } from "@velvet/shared/api/operator";
import type { TProfileCard } from "@velvet/shared/api/profiles";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "../../ui/toast";
import { useAuthStore } from "../auth";
import { useDebouncedValue } from "../messages";
import { playChime, useQueueTitle } from "./alerts";
import { ConsoleLayout } from "./ConsoleLayout";
import { ConversationPanel } from "./ConversationPanel";
import { useSecondTicker } from "./clock";
import { useDeskSettings } from "./desk-settings";
import { KeyHelp } from "./KeyHelp";
import { fetchQueue, operatorKeys, takeLock } from "./operator-api";
import { type QueueFilters, QueuePanel } from "./QueuePanel";
import { lockFromQueue, nextToTake } from "./queue-state";
import { errorMessage } from "./use-conversation-lock";
import { applyOwnLock, useQueueFeed } from "./use-queue-feed";

/**
 * The queue arrives pushed on private-operator.queue; it is also asked for this often, as a safety
 * net for what no event announces (a block, a closed account) and for an event missed.
 */
const QUEUE_SAFETY_NET_MS = 60_000;

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** "Holding n/2": the live holds, counted down on the same clock as the desk's countdown. */
function HoldingBadge({ queue, fetchedAt }: { queue: TOperatorQueueResponse | undefined; fetchedAt: number }) {
  const now = useSecondTicker();
  const elapsed = (now - fetchedAt) / 1000;
  const held = queue?.meta.my_locks.filter((lock) => lock.seconds_left - elapsed > 0).length ?? 0;
  return (
    <span
      className="rounded-pill bg-white/10 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-velvet-100"
      title="Conversations you hold"
    >
      Holding {held}/{queue?.meta.max_locks ?? 2}
    </span>
  );
}

/**
 * The operator desk: the queue on the left, the open conversation with its composer in the
 * middle, the member and the fictional profile on the right. Keyboard first: Alt+N takes the next conversation
 * in the queue's order, Alt+R releases, / opens the templates, Alt+O adds a note, Alt+M jumps to the member,
 * ? (or Alt+/) lists the keys. Below 1024 px the queue and the conversation take turns.
 */
export default function OperatorPage() {
  const { conversation } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useAuthStore((state) => state.user);
  const settings = useDeskSettings();
  const [filters, setFilters] = useState<QueueFilters>({ profile: "", member: "" });
  const [help, setHelp] = useState(false);
  const member = useDebouncedValue(filters.member.trim(), 300);
  const query = { profile: filters.profile || undefined, member: member || undefined };
  const { data: queue, dataUpdatedAt } = useQuery({
    queryKey: operatorKeys.queue(query),
    queryFn: () => fetchQueue(query),
    refetchInterval: QUEUE_SAFETY_NET_MS,
    placeholderData: (previous) => previous,
  });

  const viewer = me ? { uuid: me.uuid, isAdmin: me.scope.includes("admin") } : null;
  const viewerRef = useRef(viewer);
  viewerRef.current = viewer;
  const waiting = queue?.meta.total ?? 0;
  const previousWaiting = useRef<number | undefined>(undefined);
  // The chime: the queue goes from empty to waiting (not on the first load).
  useEffect(() => {
    if (queue === undefined) return;
    const before = previousWaiting.current;
    previousWaiting.current = waiting;
    if (before === 0 && waiting > 0 && useDeskSettings.getState().sound) playChime();
  }, [queue, waiting]);
  useQueueTitle(waiting, settings.titleAlert);

  // The chime for a new message in a conversation this operator holds: a pushed entry of theirs whose last
  // message is not the one the queue showed (a take or a renewal announces the same entry again).
  const lastMessages = useRef(new Map<string, string>());
  lastMessages.current = new Map(
    (queue?.data ?? []).map((item) => [item.conversation_uuid, item.last_message.created_at]),
  );
  const onChanges = useCallback(
    (changes: TOperatorQueueChange[]) => {
      if (!me || !useDeskSettings.getState().sound) return;
      const news = changes.some(
        (change) =>
          change.lock?.operator.uuid === me.uuid &&
          change.entry !== null &&
          lastMessages.current.get(change.conversation_uuid) !== change.entry.last_message.created_at,
      );
      if (news) playChime();
    },
    [me],
  );
  useQueueFeed(viewer, {
    changed: onChanges,
    subscribed: () => void queryClient.invalidateQueries({ queryKey: ["operator", "queue"] }),
  });

  // Profiles seen waiting, kept while filtering so the filter can be changed back.
  const seenProfiles = useRef(new Map<string, TProfileCard>());
  for (const item of queue?.data ?? []) seenProfiles.current.set(item.profile.uuid, item.profile);
  const profiles = [...seenProfiles.current.values()].sort((a, b) => a.username.localeCompare(b.username));

  const open = useCallback(
    async (item: TOperatorQueueItem) => {
      const takenByOther = item.lock !== null && !item.lock.mine;
      if (!takenByOther && !item.lock?.mine) {
        const taken = await takeLock(item.conversation_uuid).catch((error: unknown) => {
          toast.error(errorMessage(error));
          return null;
        });
        // The queue shows the hold at once (the push then says the same), so the desk opens ready to type.
        if (taken && viewerRef.current) applyOwnLock(queryClient, viewerRef.current, item.conversation_uuid, taken);
      }
      navigate(`/operator/${item.conversation_uuid}`);
    },
    [navigate, queryClient],
  );

  const takeNext = useCallback(() => {
    const elapsed = (Date.now() - dataUpdatedAt) / 1000;
    const next = nextToTake(queue, elapsed, conversation);
    if (!next) {
      toast("Nobody else is waiting right now.");
      return false;
    }
    void open(next);
    return true;
  }, [queue, dataUpdatedAt, conversation, open]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.code === "KeyN") {
        event.preventDefault();
        takeNext();
      } else if ((event.key === "?" && !isTextField(event.target)) || (event.altKey && event.code === "Slash")) {
        event.preventDefault();
        setHelp(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [takeNext]);

  const locks = <HoldingBadge queue={queue} fetchedAt={dataUpdatedAt} />;
  const queueLock = conversation && queue ? { lock: lockFromQueue(queue, conversation), at: dataUpdatedAt } : undefined;
  const entry = conversation ? queue?.data.find((item) => item.conversation_uuid === conversation) : undefined;

  return (
    <ConsoleLayout locks={locks} onHelp={() => setHelp(true)}>
      <KeyHelp open={help} onClose={() => setHelp(false)} />
      <div className="grid h-full min-h-0 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={`min-h-0 ${conversation ? "hidden lg:block" : ""}`}>
          <QueuePanel
            queue={queue}
            fetchedAt={dataUpdatedAt}
            profiles={profiles}
            filters={filters}
            onFilters={setFilters}
            selectedUuid={conversation}
            onOpen={(item) => void open(item)}
            onTakeNext={takeNext}
          />
        </div>
        <div className={`min-h-0 overflow-y-auto xl:overflow-hidden ${conversation ? "" : "hidden lg:flex"}`}>
          {conversation ? (
            <div className="flex h-full flex-col">
              <Link to="/operator" className="px-4 py-2 text-xs font-semibold text-velvet-600 lg:hidden">
                ← Back to the queue
              </Link>
              <div className="min-h-0 flex-1">
                <ConversationPanel
                  key={conversation}
                  uuid={conversation}
                  queueLock={queueLock}
                  lastMemberMessageAt={entry?.last_message.created_at}
                  onAdvance={() => {
                    if (useDeskSettings.getState().autoAdvance) takeNext();
                  }}
                />
              </div>
            </div>
          ) : (
            <div className="m-auto max-w-sm p-8 text-center">
              <h1 className="font-display text-2xl font-semibold text-velvet-900">Ready when you are</h1>
              <p className="mt-2 text-sm text-muted">
                Pick a conversation from the queue, or press{" "}
                <kbd className="rounded bg-white px-1.5 py-0.5 ring-1 ring-velvet-100">Alt</kbd>+
                <kbd className="rounded bg-white px-1.5 py-0.5 ring-1 ring-velvet-100">N</kbd> to take the next one.
                Type <code className="text-rose-700">/</code> in the reply box for templates, and{" "}
                <kbd className="rounded bg-white px-1.5 py-0.5 ring-1 ring-velvet-100">?</kbd> for every key.
              </p>
            </div>
          )}
        </div>
      </div>
    </ConsoleLayout>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TOperatorQueueItem } from "@velvet/shared/api/operator";
import type { TProfileCard } from "@velvet/shared/api/profiles";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { useDebouncedValue } from "../messages/use-debounced-value";
import { ConsoleLayout } from "./ConsoleLayout";
import { ConversationPanel } from "./ConversationPanel";
import { fetchQueue, operatorKeys, takeLock } from "./operator-api";
import { type QueueFilters, QueuePanel } from "./QueuePanel";
import { errorMessage } from "./use-conversation-lock";

/** The queue is asked again this often (and after every take, release and reply). */
const QUEUE_POLL_MS = 4_000;

/**
 * The operator desk (issue 10): the queue on the left, the open conversation
 * with its composer in the middle, the member and the fictional profile on the
 * right. Alt+N takes the longest-waiting free conversation; Alt+R releases.
 * Below 1024 px the queue and the conversation take turns.
 */
export default function OperatorPage() {
  const { conversation } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<QueueFilters>({ profile: "", member: "" });
  const member = useDebouncedValue(filters.member.trim(), 300);
  const query = { profile: filters.profile || undefined, member: member || undefined };
  const { data: queue, dataUpdatedAt } = useQuery({
    queryKey: operatorKeys.queue(query),
    queryFn: () => fetchQueue(query),
    refetchInterval: QUEUE_POLL_MS,
    placeholderData: (previous) => previous,
  });

  // Profiles seen waiting, kept while filtering so the filter can be changed back.
  const seenProfiles = useRef(new Map<string, TProfileCard>());
  for (const item of queue?.data ?? []) seenProfiles.current.set(item.profile.uuid, item.profile);
  const profiles = [...seenProfiles.current.values()].sort((a, b) => a.username.localeCompare(b.username));

  const open = useCallback(
    async (item: TOperatorQueueItem) => {
      const takenByOther = item.lock !== null && !item.lock.mine;
      if (!takenByOther && !item.lock?.mine) {
        await takeLock(item.conversation_uuid).catch((error: unknown) => toast.error(errorMessage(error)));
        void queryClient.invalidateQueries({ queryKey: ["operator", "queue"] });
      }
      navigate(`/operator/${item.conversation_uuid}`);
    },
    [navigate, queryClient],
  );

  const takeNext = useCallback(() => {
    const next = queue?.data.find((item) => item.lock === null);
    if (!next) {
      toast("Nobody else is waiting right now.");
      return;
    }
    void open(next);
  }, [queue, open]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.key.toLowerCase() === "n") {
        event.preventDefault();
        takeNext();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [takeNext]);

  const held = queue?.meta.my_locks.length ?? 0;
  const locks = (
    <span
      className="rounded-pill bg-white/10 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-velvet-100"
      title="Conversations you hold"
    >
      Holding {held}/{queue?.meta.max_locks ?? 2}
    </span>
  );

  return (
    <ConsoleLayout locks={locks}>
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
                <ConversationPanel key={conversation} uuid={conversation} />
              </div>
            </div>
          ) : (
            <div className="m-auto max-w-sm p-8 text-center">
              <h1 className="font-display text-2xl font-semibold text-velvet-900">Ready when you are</h1>
              <p className="mt-2 text-sm text-muted">
                Pick a conversation from the queue, or press{" "}
                <kbd className="rounded bg-white px-1.5 py-0.5 ring-1 ring-velvet-100">Alt</kbd>+
                <kbd className="rounded bg-white px-1.5 py-0.5 ring-1 ring-velvet-100">N</kbd> to take the member who
                has waited longest. Type <code className="text-rose-700">/</code> in the reply box for templates.
              </p>
            </div>
          )}
        </div>
      </div>
    </ConsoleLayout>
  );
}

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { TBlockedMember } from "@velvet/shared/api/safety";
import { useState } from "react";
import { ApiError } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { fetchBlockedMembers, unblockMember } from "../safety";
import { SettingsSubpage } from "./SettingsSubpage";

const blockedKey = ["blocked-members"] as const;

function blockedSince(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}

/** Account settings → Blocked members: everyone the member blocked, each with Unblock. */
export default function BlockedMembersPage() {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [unblocked, setUnblocked] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const query = useInfiniteQuery({
    queryKey: blockedKey,
    queryFn: ({ pageParam }) => fetchBlockedMembers(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  const members = query.data?.pages.flatMap((page) => page.data) ?? [];

  const unblock = async (member: TBlockedMember) => {
    setPending(member.uuid);
    setProblem(null);
    setUnblocked(null);
    try {
      await unblockMember(member.uuid);
      setUnblocked(`${member.username} is unblocked. You can see each other's profiles again.`);
      await queryClient.invalidateQueries({ queryKey: blockedKey });
      void queryClient.invalidateQueries({ queryKey: ["profiles"] });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    } finally {
      setPending(null);
    }
  };

  return (
    <SettingsSubpage
      title="Blocked members"
      description="People you blocked can't see your profile or message you, and you won't see them."
    >
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {unblocked ? <FormAlert tone="success">{unblocked}</FormAlert> : null}
      {query.isPending ? (
        <div className="card h-40 animate-pulse" role="status" aria-busy="true" aria-label="Loading blocked members" />
      ) : query.isError ? (
        <div className="card space-y-3 p-6 text-center">
          <p className="font-semibold text-velvet-900">We couldn't load your blocked members.</p>
          <button type="button" className="btn-primary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : members.length === 0 ? (
        <div className="card p-8 text-center">
          <p className="font-semibold text-velvet-900">You haven't blocked anyone.</p>
          <p className="mt-1 text-sm text-muted">
            Block someone from their profile or a conversation, and they will be listed here.
          </p>
        </div>
      ) : (
        <ul className="card divide-y divide-velvet-100" aria-label="Blocked members">
          {members.map((member) => (
            <li key={member.uuid} className="flex items-center gap-3 px-4 py-3 sm:gap-4 sm:px-6">
              <img src={member.photo_url} alt="" className="size-12 shrink-0 rounded-full bg-velvet-50 object-cover" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-velvet-900">{member.username}</p>
                <p className="text-sm text-muted">Blocked {blockedSince(member.blocked_at)}</p>
              </div>
              <button
                type="button"
                className="btn-outline shrink-0"
                disabled={pending === member.uuid}
                aria-label={`Unblock ${member.username}`}
                onClick={() => void unblock(member)}
              >
                {pending === member.uuid ? "Unblocking…" : "Unblock"}
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="text-center">
          <button
            type="button"
            className="btn-outline"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading…" : "Show more"}
          </button>
        </div>
      ) : null}
    </SettingsSubpage>
  );
}

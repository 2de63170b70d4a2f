import { useQuery } from "@tanstack/react-query";
import type { TAdminMemberSummary } from "@velvet/shared/api/admin-members";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, Route, Routes, useSearchParams } from "react-router";
import { SearchIcon } from "../../../ui/icons";
import { adminButtonClass, adminInputClass, ListState, Panel, Pill, SectionHeader, SectionPage } from "../admin-ui";
import { formatCount, formatShortDateTime } from "../format";
import { MemberDetail } from "./MemberDetail";
import { MemberStatusPill } from "./MemberStatusPill";
import { fetchMembersOverview, memberKeys, searchMembers } from "./members-api";

function MemberRow({ member, extra }: { member: TAdminMemberSummary; extra?: ReactNode }) {
  return (
    <li>
      <Link
        to={`/admin/members/${member.uuid}`}
        className="grid gap-1 px-4 py-3 transition hover:bg-velvet-50/60 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_6rem_7rem] sm:items-center sm:gap-4"
      >
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-semibold text-velvet-950">{member.username}</span>
          {member.is_fictional ? <Pill>Fictional</Pill> : null}
          {member.roles
            .filter((role) => role !== "member")
            .map((role) => (
              <Pill key={role}>{role}</Pill>
            ))}
        </span>
        <span className="truncate text-sm text-muted">{extra ?? member.email ?? "no email"}</span>
        <span className="text-sm tabular-nums sm:text-right">{formatCount(member.credits)} credits</span>
        <span className="sm:text-right">
          <MemberStatusPill member={member} />
        </span>
      </Link>
    </li>
  );
}

/**
 * What the page shows before a search: the members with open reports against them, most reported
 * first, and the newest sign-ups, so an admin starts where moderation is needed.
 */
function MembersOverview() {
  const { data, isPending, error } = useQuery({ queryKey: memberKeys.overview, queryFn: fetchMembersOverview });
  return (
    <div className="space-y-5">
      <Panel title="Open reports against them">
        <ListState
          loading={isPending}
          error={error}
          empty={data?.reported.length === 0}
          emptyText="No member has an open report. 🎉"
        />
        {data && data.reported.length > 0 ? (
          <ul className="divide-y divide-velvet-50">
            {data.reported.map((member) => (
              <MemberRow
                key={member.uuid}
                member={member}
                extra={
                  <>
                    <span className="font-semibold text-danger">
                      {member.open_reports} open {member.open_reports === 1 ? "report" : "reports"}
                    </span>
                    {" · "}
                    {formatShortDateTime(member.last_reported_at)}
                  </>
                }
              />
            ))}
          </ul>
        ) : null}
      </Panel>
      <Panel title="Newest sign-ups">
        <ListState
          loading={isPending}
          error={error}
          empty={data?.newest.length === 0}
          emptyText="Nobody has signed up yet."
        />
        {data && data.newest.length > 0 ? (
          <ul className="divide-y divide-velvet-50">
            {data.newest.map((member) => (
              <MemberRow
                key={member.uuid}
                member={member}
                extra={`Joined ${formatShortDateTime(member.created_at)} · ${member.email ?? "no email"}`}
              />
            ))}
          </ul>
        ) : null}
      </Panel>
    </div>
  );
}

function MemberSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const [draft, setDraft] = useState(q);
  const { data, isFetching, error } = useQuery({
    queryKey: memberKeys.search(q),
    queryFn: () => searchMembers(q),
    enabled: q.length >= 2,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <SectionPage>
      <SectionHeader title="Members" description="Find a member by the start of their username or email, or by uuid." />
      <form onSubmit={submit} className="flex gap-2">
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">Username, email or uuid</span>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Username, email or uuid"
            minLength={2}
            maxLength={320}
            className={`${adminInputClass} pl-9`}
          />
        </label>
        <button type="submit" className={adminButtonClass}>
          Search
        </button>
      </form>
      {q.length >= 2 ? (
        <Panel title={data ? `Results (${data.length})` : "Results"}>
          <ListState
            loading={isFetching && !data}
            error={error}
            empty={data?.length === 0}
            emptyText={`No member matches “${q}”.`}
          />
          {data && data.length > 0 ? (
            <ul className="divide-y divide-velvet-50">
              {data.map((member) => (
                <MemberRow key={member.uuid} member={member} />
              ))}
            </ul>
          ) : null}
        </Panel>
      ) : (
        <MembersOverview />
      )}
    </SectionPage>
  );
}

/** /admin/members: the overview, or search results; /admin/members/{uuid}: one member's account and the actions on it. */
export default function MembersSection() {
  return (
    <Routes>
      <Route index element={<MemberSearch />} />
      <Route path=":uuid" element={<MemberDetail />} />
    </Routes>
  );
}

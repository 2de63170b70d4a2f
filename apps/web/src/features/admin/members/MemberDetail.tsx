import { useQuery } from "@tanstack/react-query";
import type { TAdminMemberDetail } from "@velvet/shared/api/admin-members";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { ListState, Panel, Pill, SectionPage } from "../admin-ui";
import { formatCount, formatDateTime } from "../format";
import { AccountStatusCard, ImpersonationCard } from "./AccountActions";
import { CreditAdjustmentForm } from "./CreditAdjustmentForm";
import { FeatureFlagsForm } from "./FeatureFlagsForm";
import { LedgerTable, PaymentsTable, ReportsTable } from "./MemberHistory";
import { MemberStatusPill } from "./MemberStatusPill";
import { fetchMember, memberKeys } from "./members-api";
import { SuspensionCard } from "./SuspensionCard";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-semibold tracking-wider text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

function AccountFacts({ member }: { member: TAdminMemberDetail }) {
  const until = (iso: string | null) => (iso && new Date(iso) > new Date() ? formatDateTime(iso) : "–");
  return (
    <Panel title="Account">
      <dl className="grid grid-cols-2 gap-4 p-4 sm:grid-cols-3">
        <Fact label="Credits">
          <span className="font-display text-2xl font-semibold text-velvet-950 tabular-nums">
            {formatCount(member.credits)}
          </span>
        </Fact>
        <Fact label="Email verified">
          {member.email_verified_at ? formatDateTime(member.email_verified_at) : "Not yet"}
        </Fact>
        <Fact label="Registered">{formatDateTime(member.created_at)}</Fact>
        <Fact label="Last active">{formatDateTime(member.last_active_at)}</Fact>
        <Fact label="24-hour pass until">{until(member.unlimited_until)}</Fact>
        <Fact label="VIP until">{until(member.vip_until)}</Fact>
      </dl>
    </Panel>
  );
}

/** /admin/members/{uuid}: the account, its ledger and payments, and every action an admin takes on it. */
export function MemberDetail() {
  const { uuid = "" } = useParams();
  const {
    data: member,
    isPending,
    error,
  } = useQuery({
    queryKey: memberKeys.detail(uuid),
    queryFn: () => fetchMember(uuid),
  });

  return (
    <SectionPage>
      <Link to="/admin/members" className="text-sm font-semibold text-velvet-600 hover:text-velvet-800">
        ← Members
      </Link>
      {!member ? (
        <Panel>
          <ListState loading={isPending} error={error} empty={false} emptyText="" />
        </Panel>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="font-display text-2xl font-semibold text-velvet-950 sm:text-3xl">{member.username}</h1>
            <MemberStatusPill member={member} />
            {member.is_fictional ? <Pill>Fictional profile</Pill> : null}
            {member.roles
              .filter((role) => role !== "member")
              .map((role) => (
                <Pill key={role}>{role}</Pill>
              ))}
            <p className="w-full text-sm text-muted">
              <span className="mr-2 inline-block">{member.email ?? "no email"}</span>
              <span className="inline-block font-mono text-xs">{member.uuid}</span>
            </p>
          </div>
          <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0 space-y-5">
              <AccountFacts member={member} />
              <LedgerTable rows={member.ledger} />
              <PaymentsTable rows={member.payments} />
              <ReportsTable rows={member.reports} memberUuid={member.uuid} />
            </div>
            <div className="space-y-5">
              <CreditAdjustmentForm uuid={member.uuid} />
              <AccountStatusCard member={member} />
              <SuspensionCard member={member} />
              <FeatureFlagsForm uuid={member.uuid} features={member.features} />
              <ImpersonationCard uuid={member.uuid} username={member.username} />
            </div>
          </div>
        </>
      )}
    </SectionPage>
  );
}

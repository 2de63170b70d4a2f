import { useQuery } from "@tanstack/react-query";
import type { TAdminMemberDetail } from "@velvet/shared/api/admin-members";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { ListState, Panel, Pill, SectionPage } from "../admin-ui";
import { formatCount, formatDateTime } from "../format";
import { AccountStatusCard, ImpersonationCard } from "./AccountActions";
import { AccountFlagsCard } from "./AccountFlagsCard";
import { CreditAdjustmentForm } from "./CreditAdjustmentForm";
import { FeatureFlagsForm } from "./FeatureFlagsForm";
import { LedgerTable, ReportsTable } from "./MemberHistory";
import { PaymentsTable } from "./MemberPayments";
import { MemberPhotos } from "./MemberPhotos";
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
        <Fact label="Conversations">
          {formatCount(member.conversations.total)}
          <span className="text-muted"> · {formatCount(member.conversations.started)} started by them</span>
        </Fact>
        <Fact label="Messages sent">{formatCount(member.conversations.messages_sent)}</Fact>
        <Fact label="Messages received">{formatCount(member.conversations.messages_received)}</Fact>
      </dl>
    </Panel>
  );
}

/** What other members read on the profile: the text moderation most often has to judge. */
function ProfileText({ member }: { member: TAdminMemberDetail }) {
  const { profile } = member;
  const place = [profile.city, profile.state].filter(Boolean).join(", ");
  return (
    <Panel title="Profile">
      <div className="space-y-3 p-4 text-sm">
        <p className="text-muted">
          {[
            profile.gender,
            profile.seeking ? `seeking ${profile.seeking}` : "",
            place,
            profile.birthdate ? `born ${profile.birthdate}` : "",
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {profile.headline ? (
          <p className="font-display text-lg font-semibold text-velvet-900">{profile.headline}</p>
        ) : null}
        {profile.about_me ? (
          <p className="whitespace-pre-line break-words text-ink/85">{profile.about_me}</p>
        ) : (
          <p className="text-muted">No “about me” written.</p>
        )}
        {profile.interests.length > 0 ? (
          <p className="flex flex-wrap gap-1.5">
            {profile.interests.map((interest) => (
              <Pill key={interest}>{interest}</Pill>
            ))}
          </p>
        ) : null}
      </div>
    </Panel>
  );
}

/** Why the site refuses to impersonate this account, or null when it may be (the server checks the same). */
function impersonationRefusal(member: TAdminMemberDetail): string | null {
  if (member.is_fictional) return "Fictional profiles are answered from the operator console, never signed in to.";
  if (member.roles.some((role) => role !== "member")) return "Staff accounts are never impersonated.";
  if (member.deleted_at) return "The account is deleted.";
  if (member.suspension) return "Nobody may act as a suspended member.";
  return null;
}

/**
 * /admin/members/{uuid}: the account, photos, profile text, reports against and by them, conversation counts,
 * ledger and payments, and every action an admin takes on it.
 */
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
          <AccountFlagsCard member={member} />
          <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0 space-y-5">
              <AccountFacts member={member} />
              <MemberPhotos member={member} />
              <ProfileText member={member} />
              <LedgerTable rows={member.ledger} />
              <PaymentsTable member={member} />
              <ReportsTable rows={member.reports_against} side="against" />
              <ReportsTable rows={member.reports_by} side="by" />
            </div>
            <div className="space-y-5">
              <CreditAdjustmentForm uuid={member.uuid} />
              <AccountStatusCard member={member} />
              <SuspensionCard member={member} />
              <FeatureFlagsForm uuid={member.uuid} features={member.features} />
              <ImpersonationCard uuid={member.uuid} username={member.username} refusal={impersonationRefusal(member)} />
            </div>
          </div>
        </>
      )}
    </SectionPage>
  );
}

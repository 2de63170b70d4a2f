import type { TMemberNote, TOperatorContext } from "@velvet/shared/api/operator";
import {
  bodyTypeOptions,
  hairColorOptions,
  lookingForOptions,
  relationshipStatusOptions,
} from "@velvet/shared/constants/profile-options";
import type { ReactNode } from "react";
import { formatWaiting } from "./clock";
import { ImpersonateMember } from "./ImpersonateMember";
import { NotesPanel } from "./NotesPanel";

type Profile = TOperatorContext["profile"] | TOperatorContext["member"];

const optionLabel = (options: ReadonlyArray<{ key: number; label: string }>, key: number | null) =>
  key === null ? null : (options.find((option) => option.key === key)?.label ?? null);
const since = new Intl.DateTimeFormat("en-AU", { month: "short", year: "numeric" });

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileHead({ profile, tag }: { profile: Profile; tag: string }) {
  return (
    <div className="flex items-center gap-3">
      <img src={profile.primary_photo.thumb} alt="" className="size-12 rounded-full bg-velvet-100 object-cover" />
      <div className="min-w-0">
        <p className="text-[10px] font-semibold tracking-wide text-rose-700 uppercase">{tag}</p>
        <p className="truncate font-display text-lg leading-tight font-semibold text-velvet-900">
          {profile.username}
          {profile.age ? <span className="font-sans text-sm font-normal text-muted">, {profile.age}</span> : null}
        </p>
        <p className="truncate text-xs text-muted">
          {[profile.city, profile.state].filter(Boolean).join(", ")}
          {profile.online ? <span className="ml-1.5 text-success">● online</span> : null}
        </p>
      </div>
    </div>
  );
}

function profileFacts(profile: Profile): Array<[string, ReactNode]> {
  return [
    ["Seeking", profile.seeking],
    ["Status", optionLabel(relationshipStatusOptions, profile.relationship_status)],
    ["Looking for", optionLabel(lookingForOptions, profile.looking_for)],
    ["Body", optionLabel(bodyTypeOptions, profile.body_type)],
    ["Hair", optionLabel(hairColorOptions, profile.hair_color)],
    ["Height", profile.height_cm ? `${profile.height_cm} cm` : null],
    ["Interests", profile.interests.join(", ")],
  ];
}

const card = "space-y-3 rounded-2xl bg-white p-4 shadow-card";

/**
 * The right column: the member (profile, account, notes, their time with
 * other fictional profiles) and the fictional profile being played.
 */
/** The member's card: Alt+M jumps here from anywhere on the desk. */
export const MEMBER_CONTEXT_ID = "operator-member";

export function ContextPanel({
  context,
  notes,
  onNotesChanged,
}: {
  context: TOperatorContext;
  notes: TMemberNote[];
  onNotesChanged(notes: TMemberNote[]): void;
}) {
  const { member, profile, history } = context;
  const account = member.account;
  return (
    <aside aria-label="Member and profile" className="space-y-3 overflow-y-auto p-3">
      <section
        id={MEMBER_CONTEXT_ID}
        tabIndex={-1}
        className={`${card} outline-none focus:ring-2 focus:ring-rose-400`}
        aria-label={`Member ${member.username}`}
      >
        <ProfileHead profile={member} tag="Member" />
        {member.about_me ? <p className="text-sm text-ink/80">{member.about_me}</p> : null}
        <div className="flex flex-wrap gap-1.5 text-[11px] font-semibold">
          {account.vip ? <span className="rounded-pill bg-amber-100 px-2 py-0.5 text-amber-800">VIP</span> : null}
          {account.has_unli_message ? (
            <span className="rounded-pill bg-velvet-100 px-2 py-0.5 text-velvet-700">24h pass</span>
          ) : null}
          <span className="rounded-pill bg-cream-200 px-2 py-0.5 text-ink">{account.credits} credits</span>
          {account.deactivated ? (
            <span className="rounded-pill bg-danger/10 px-2 py-0.5 text-danger">Deactivated</span>
          ) : null}
        </div>
        <Facts
          items={[
            ["Member since", since.format(new Date(account.member_since))],
            ["Messages sent", account.messages_sent],
            ["Credits spent", account.credits_spent],
            ...profileFacts(member),
          ]}
        />
        <NotesPanel memberUuid={member.uuid} notes={notes} onChanged={onNotesChanged} />
        <ImpersonateMember key={member.uuid} memberUuid={member.uuid} username={member.username} />
      </section>

      <section className={card} aria-label="History with other profiles">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">With other profiles</h3>
        {history.length === 0 ? <p className="text-xs text-muted">This is their only conversation.</p> : null}
        <ul className="space-y-3">
          {history.map((entry) => (
            <li key={entry.conversation_uuid} className="space-y-1">
              <p className="flex items-center gap-2 text-xs font-semibold text-velvet-800">
                <img src={entry.profile.primary_photo.thumb} alt="" className="size-6 rounded-full object-cover" />
                {entry.profile.username}
                <span className="font-normal text-muted">
                  · {formatWaiting((Date.now() - Date.parse(entry.last_message_at)) / 1000)} ago
                </span>
              </p>
              {entry.messages.map((message) => (
                <p
                  key={message.id}
                  className={`rounded-lg px-2 py-1 text-xs ${message.side === "member" ? "bg-cream-100 text-ink" : "ml-4 bg-velvet-50 text-velvet-800"}`}
                >
                  {message.type === "image" ? "📷 Photo" : (message.text ?? message.type)}
                </p>
              ))}
            </li>
          ))}
        </ul>
      </section>

      <section className={card} aria-label={`Profile ${profile.username}`}>
        <ProfileHead profile={profile} tag="You are writing as" />
        {profile.headline ? <p className="text-sm font-medium text-velvet-800">{profile.headline}</p> : null}
        {profile.about_me ? <p className="text-sm text-ink/80">{profile.about_me}</p> : null}
        <div className="flex gap-1.5 overflow-x-auto">
          {profile.photos.map((photo) => (
            <img key={photo.uuid} src={photo.urls.thumb} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
          ))}
        </div>
        <Facts
          items={[
            ...profileFacts(profile),
            [
              "Online hours",
              profile.online_hours.length > 0
                ? profile.online_hours.map((hour) => `${hour}:00`).join(" ")
                : "not scheduled",
            ],
          ]}
        />
      </section>
    </aside>
  );
}

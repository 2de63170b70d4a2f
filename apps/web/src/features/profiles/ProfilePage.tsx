import { useQuery } from "@tanstack/react-query";
import {
  bodyTypeOptions,
  eyeColorOptions,
  hairColorOptions,
  lookingForOptions,
  optionLabel,
  relationshipStatusOptions,
  tattoosPiercingsOptions,
} from "@velvet/shared/constants/profile-options";
import { Link, useParams } from "react-router";
import { ApiError } from "../../lib/api-client";
import { useReportFlow } from "../safety";
import { ActionButtons, ProfileActions, useProfileRelation } from "./ProfileActions";
import { ProfileGallery } from "./ProfileGallery";
import { fetchProfile, type ProfileWithRelation } from "./profile-api";

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="flex justify-between gap-4 border-b border-velvet-50 py-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-velvet-900">{value}</dd>
    </div>
  );
}

export default function ProfilePage() {
  const { profile: uuid = "" } = useParams();
  const query = useQuery({ queryKey: ["profile", uuid], queryFn: () => fetchProfile(uuid), retry: false });
  const report = useReportFlow();

  if (query.isPending) {
    return (
      <div className="page-container grid gap-8 py-10 lg:grid-cols-[1.2fr_1fr]" aria-busy="true">
        <div className="aspect-[4/5] animate-pulse rounded-card bg-velvet-100" />
        <div className="space-y-4">
          <div className="h-10 w-2/3 animate-pulse rounded-xl bg-velvet-100" />
          <div className="h-40 animate-pulse rounded-xl bg-velvet-100" />
        </div>
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="page-container py-16">
        <div className="card mx-auto max-w-lg p-10 text-center">
          <h1 className="text-2xl font-semibold text-velvet-900">
            {missing ? "This profile is not available" : "We couldn't load this profile"}
          </h1>
          <Link to="/dashboard" className="btn-primary mt-6">
            Back to search
          </Link>
        </div>
      </div>
    );
  }
  return <ProfileView key={query.data.uuid} profile={query.data} report={report} />;
}

function ProfileView({ profile, report }: { profile: ProfileWithRelation; report: ReturnType<typeof useReportFlow> }) {
  const actions = useProfileRelation(profile);
  return (
    <div className="page-container grid grid-cols-1 gap-6 pt-6 sm:pt-10 lg:grid-cols-[1.2fr_1fr] lg:gap-8 lg:pb-10">
      <ProfileGallery
        username={profile.username}
        photos={profile.photos}
        fallback={profile.primary_photo}
        onReportPhoto={(photo) => report.open({ kind: "photo", uuid: photo.uuid, thumb: photo.urls.thumb })}
      />
      <section className="space-y-6">
        <header>
          <h1 className="text-3xl font-semibold text-velvet-900 [overflow-wrap:anywhere]">
            {profile.username}
            {profile.age ? <span className="font-normal text-muted">, {profile.age}</span> : null}
          </h1>
          <p className="mt-1 flex items-center gap-2 text-muted">
            {profile.online ? <span className="size-2 rounded-full bg-online" /> : null}
            {profile.online ? "Online now" : "Recently active"} · {profile.city}
            {profile.state ? `, ${profile.state}` : ""}
          </p>
          {profile.headline ? (
            <p className="mt-3 font-display text-xl text-velvet-800 italic">“{profile.headline}”</p>
          ) : null}
        </header>
        <ProfileActions actions={actions} report={report} />
        {profile.about_me ? (
          <div className="card p-5">
            <h2 className="mb-2 text-lg font-semibold text-velvet-900">About me</h2>
            <p className="whitespace-pre-line text-ink/85">{profile.about_me}</p>
          </div>
        ) : null}
        <div className="card p-5">
          <h2 className="mb-2 text-lg font-semibold text-velvet-900">Details</h2>
          <dl>
            <Detail
              label="Looking for"
              value={profile.looking_for ? optionLabel(lookingForOptions, profile.looking_for) : null}
            />
            <Detail
              label="Relationship"
              value={
                profile.relationship_status ? optionLabel(relationshipStatusOptions, profile.relationship_status) : null
              }
            />
            <Detail label="Height" value={profile.height_cm ? `${profile.height_cm} cm` : null} />
            <Detail label="Body type" value={optionLabel(bodyTypeOptions, profile.body_type)} />
            <Detail label="Eye color" value={optionLabel(eyeColorOptions, profile.eye_color)} />
            <Detail label="Hair color" value={optionLabel(hairColorOptions, profile.hair_color)} />
            <Detail
              label="Tattoos and piercings"
              value={optionLabel(tattoosPiercingsOptions, profile.tattoos_piercings)}
            />
          </dl>
          {profile.interests.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2">
              {profile.interests.map((interest) => (
                <li key={interest} className="rounded-pill bg-velvet-50 px-3 py-1 text-sm text-velvet-700">
                  {interest}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
      {/* The page is this bar's containing block: it stays at the bottom of a phone's screen while the
          profile scrolls by, and comes to rest above the footer. */}
      <div
        className="sticky bottom-0 z-30 -mx-4 border-t border-velvet-100 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-lift backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
        data-testid="profile-action-bar"
      >
        <ActionButtons actions={actions} layout="bar" />
      </div>
    </div>
  );
}

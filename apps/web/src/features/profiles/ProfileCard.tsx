import type { TProfileCard } from "@velvet/shared/api/profiles";
import { Link } from "react-router";

export function ProfileCard({ profile }: { profile: TProfileCard }) {
  return (
    <Link
      to={`/profile/${profile.uuid}`}
      className="group relative block overflow-hidden rounded-card bg-velvet-100 shadow-card transition hover:-translate-y-0.5 hover:shadow-lift"
      aria-label={`${profile.username}, ${profile.age ?? ""}, ${profile.city}`}
    >
      <img
        src={profile.primary_photo.thumb}
        alt=""
        loading="lazy"
        className="aspect-[4/5] w-full object-cover transition duration-300 group-hover:scale-[1.03]"
      />
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-velvet-950/85 via-velvet-950/40 to-transparent p-3 pt-10 text-white">
        <p className="flex items-center gap-1.5 truncate font-semibold">
          {profile.online ? (
            <span className="size-2 shrink-0 rounded-full bg-online ring-2 ring-white/60" title="Online now" />
          ) : null}
          <span className="truncate">
            {profile.username}
            {profile.age ? <span className="font-normal text-white/85">, {profile.age}</span> : null}
          </span>
        </p>
        <p className="truncate text-xs text-white/80">{profile.city}</p>
      </div>
    </Link>
  );
}

export function ProfileCardSkeleton() {
  return <div className="aspect-[4/5] animate-pulse rounded-card bg-velvet-100" />;
}

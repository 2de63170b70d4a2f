import { useQueryClient } from "@tanstack/react-query";
import type { TProfileCard } from "@velvet/shared/api/profiles";
import { useState } from "react";
import { Link } from "react-router";
import { ChatIcon, HeartIcon } from "../../ui/icons";
import { SayHiDialog } from "../messages";
import { interactWithFeedback } from "./interaction-feedback";

const quickButton =
  "flex size-10 items-center justify-center rounded-full bg-white/90 text-velvet-800 shadow-card backdrop-blur transition hover:bg-white hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-rose-500";

/**
 * A profile card: the photo and "name, age" lead to the profile; the name truncates, the age never does
 *. Like and Message sit on the photo so a member can act without opening the profile.
 * `firstRow`: the card is on screen when the page opens, so its photo loads at once, not lazily once laid out
 * (it is the page's largest paint).
 */
export function ProfileCard({ profile, firstRow = false }: { profile: TProfileCard; firstRow?: boolean }) {
  const queryClient = useQueryClient();
  const [liked, setLiked] = useState(false);
  const [pops, setPops] = useState(0);
  const [composing, setComposing] = useState(false);

  const like = async () => {
    if (await interactWithFeedback(profile, "like", liked)) {
      setLiked(!liked);
      setPops((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: ["profile", profile.uuid] });
    }
  };

  return (
    <article className="group relative overflow-hidden rounded-card bg-velvet-100 shadow-card transition hover:-translate-y-0.5 hover:shadow-lift">
      <Link
        to={`/profile/${profile.uuid}`}
        className="block"
        aria-label={`${profile.username}${profile.age ? `, ${profile.age}` : ""}, ${profile.city}`}
      >
        <img
          src={profile.primary_photo.thumb}
          alt=""
          loading={firstRow ? "eager" : "lazy"}
          fetchPriority={firstRow ? "high" : "auto"}
          className="aspect-[4/5] w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-velvet-950/85 via-velvet-950/40 to-transparent p-3 pt-10 text-white">
          <p className="flex min-w-0 items-center font-semibold" data-testid="card-name">
            {profile.online ? (
              <span className="mr-1.5 size-2 shrink-0 rounded-full bg-online ring-2 ring-white/60" title="Online now" />
            ) : null}
            <span className="min-w-0 truncate">{profile.username}</span>
            {profile.age ? (
              <span className="shrink-0 font-normal text-white/90" data-testid="card-age">
                , {profile.age}
              </span>
            ) : null}
          </p>
          <p className="truncate text-xs text-white/80">{profile.city}</p>
        </div>
      </Link>
      <div className="absolute top-2 right-2 flex flex-col gap-2">
        <button
          type="button"
          className={`${quickButton} ${liked ? "text-rose-600" : ""}`}
          aria-label={liked ? `Unlike ${profile.username}` : `Like ${profile.username}`}
          aria-pressed={liked}
          onClick={() => void like()}
        >
          <HeartIcon
            key={pops}
            className={`size-5 ${pops ? "animate-action-pop" : ""}`}
            fill={liked ? "currentColor" : "none"}
          />
        </button>
        <button
          type="button"
          className={quickButton}
          aria-label={`Message ${profile.username}`}
          onClick={() => setComposing(true)}
        >
          <ChatIcon className="size-5" />
        </button>
      </div>
      {composing ? (
        <SayHiDialog
          profile={{ uuid: profile.uuid, username: profile.username, photoUrl: profile.primary_photo.thumb }}
          onClose={() => setComposing(false)}
        />
      ) : null}
    </article>
  );
}

export function ProfileCardSkeleton() {
  return <div className="aspect-[4/5] animate-pulse rounded-card bg-velvet-100" />;
}

import type { TPublicProfile } from "@velvet/shared/api/profiles";
import { useState } from "react";

export type GalleryPhoto = TPublicProfile["photos"][number];

interface ProfileGalleryProps {
  username: string;
  photos: GalleryPhoto[];
  /** Shown while the member has no approved photo: a drawn avatar, not theirs, so there is nothing to report. */
  fallback: TPublicProfile["primary_photo"];
  onReportPhoto: (photo: GalleryPhoto) => void;
}

export function ProfileGallery({ username, photos, fallback, onReportPhoto }: ProfileGalleryProps) {
  const [active, setActive] = useState(0);
  const index = Math.min(active, photos.length - 1);
  const current = photos[index];
  return (
    <section aria-label="Photos" className="space-y-3">
      <div className="relative">
        <img
          src={(current?.urls ?? fallback).large}
          alt={photos.length > 1 ? `${username}, photo ${index + 1} of ${photos.length}` : username}
          className="aspect-[4/5] w-full rounded-card object-cover shadow-card"
        />
        {current ? (
          <button
            type="button"
            onClick={() => onReportPhoto(current)}
            className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-pill bg-velvet-950/55 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur-sm transition hover:bg-velvet-950/80"
          >
            <svg
              viewBox="0 0 20 20"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              className="size-3.5"
              aria-hidden="true"
            >
              <path d="M4.5 17.5v-14m0 0h9l-1.8 3.5 1.8 3.5h-9" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Report photo
          </button>
        ) : null}
      </div>
      {photos.length > 1 ? (
        <div className="flex gap-2 overflow-x-auto">
          {photos.map((photo, position) => (
            <button
              key={photo.uuid}
              type="button"
              onClick={() => setActive(position)}
              aria-label={`Photo ${position + 1}`}
              aria-pressed={position === index}
            >
              <img
                src={photo.urls.thumb}
                alt=""
                className={`size-20 rounded-xl object-cover ${position === index ? "ring-2 ring-rose-500" : "opacity-80"}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

import type { TOwnPhoto } from "@velvet/shared/api/photos";
import { type ChangeEvent, useRef } from "react";

/** The profile's photos: upload (approved at once), make main, delete. */
export function PhotosPanel({
  photos,
  busy,
  onUpload,
  onMakePrimary,
  onDelete,
}: {
  photos: readonly TOwnPhoto[];
  busy: boolean;
  onUpload(file: File): void;
  onMakePrimary(photoUuid: string): void;
  onDelete(photoUuid: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onUpload(file);
    event.target.value = "";
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-velvet-900">Photos</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {photos.map((photo) => (
          <figure key={photo.id} className="space-y-1">
            <img
              src={photo.urls.thumb}
              alt=""
              className={`aspect-square w-full rounded-lg object-cover ${photo.is_primary ? "ring-2 ring-rose-500" : ""}`}
            />
            <figcaption className="flex gap-1">
              {photo.is_primary ? (
                <span className="flex-1 text-center text-[11px] font-semibold text-rose-700">Main</span>
              ) : (
                <button
                  type="button"
                  disabled={busy}
                  className="flex-1 rounded bg-velvet-50 py-0.5 text-[11px] text-velvet-700 hover:bg-velvet-100"
                  onClick={() => onMakePrimary(photo.id)}
                >
                  Make main
                </button>
              )}
              <button
                type="button"
                disabled={busy}
                aria-label="Delete photo"
                className="rounded bg-velvet-50 px-1.5 py-0.5 text-[11px] text-danger hover:bg-velvet-100"
                onClick={() => {
                  if (window.confirm("Delete this photo?")) onDelete(photo.id);
                }}
              >
                ✕
              </button>
            </figcaption>
          </figure>
        ))}
      </div>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={picked} />
      <button
        type="button"
        className="btn-outline px-3 py-1 text-xs"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {busy ? "Working…" : "Upload photo"}
      </button>
    </fieldset>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiHeaders } from "@velvet/shared/api/headers";
import type { TOwnPhoto, TPhotoCrop } from "@velvet/shared/api/photos";
import type { EndpointResult } from "@velvet/shared/contract/endpoint";
import { photoEndpoints } from "@velvet/shared/contract/photos";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { readAccessToken } from "../../lib/auth-storage";
import { FormAlert } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";
import { type MoveDirection, movePhoto } from "./photo-order";
import { ownPhotosKey, usePhotoReorder } from "./use-photo-reorder";

/** The cropper (react-easy-crop and its stylesheet) is fetched when a photo is chosen, not with the page. */
const PhotoCropDialog = lazy(() => import("./PhotoCropDialog"));

const statusLabel = { pending: "Waiting for approval", approved: "", rejected: "Not approved" } as const;

/**
 * Upload, make primary, reorder and delete photos. Uploads go as multipart, which the JSON API client does not send.
 * Moving uses buttons rather than only drag and drop so it works on phones and from the keyboard.
 */
export function PhotoManager() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  /** A new file to frame before upload, or an uploaded photo to frame again from its original. */
  const [framing, setFraming] = useState<File | TOwnPhoto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const photos = useQuery({
    queryKey: ownPhotosKey,
    queryFn: () => callEndpoint(photoEndpoints.list).then((response) => response.data),
  });
  const reorder = usePhotoReorder((error) => {
    setAnnouncement("");
    setProblem(error instanceof ApiError ? error.message : "Your new photo order was not saved. Please try again.");
  });
  const list = photos.data ?? [];
  const movable = list.filter((photo) => !photo.is_primary).length > 1;

  // A moved tile is a moved DOM node, which drops focus; give it back to the same button so arrows can be pressed again.
  const refocus = useRef<{ id: string; direction: MoveDirection } | null>(null);
  useEffect(() => {
    const target = refocus.current;
    if (!target || !photos.data) return;
    refocus.current = null;
    const tile = grid.current?.querySelector(`[data-photo-id="${target.id}"]`);
    const buttons = [...(tile?.querySelectorAll<HTMLButtonElement>("[data-move]") ?? [])].filter(
      (button) => !button.disabled,
    );
    (buttons.find((button) => button.dataset.move === target.direction) ?? buttons[0])?.focus();
  }, [photos.data]);

  const move = (photo: TOwnPhoto, direction: MoveDirection) => {
    const moved = movePhoto(list, photo.id, direction);
    if (!moved) return;
    setProblem(null);
    refocus.current = { id: photo.id, direction };
    setAnnouncement(
      `Photo moved to position ${moved.findIndex((item) => item.id === photo.id) + 1} of ${moved.length}.`,
    );
    reorder.mutate(moved);
  };

  const refresh = (updated?: TOwnPhoto[]) => {
    if (updated) queryClient.setQueryData(ownPhotosKey, updated);
    else void queryClient.invalidateQueries({ queryKey: ownPhotosKey });
    void useAuthStore.getState().fetchUser();
  };

  const upload = async (file: File, crop: TPhotoCrop | null) => {
    setBusy(true);
    setProblem(null);
    try {
      const form = new FormData();
      // The framing goes first so the server has it before the file's bytes; the original is sent untouched.
      if (crop) form.append("crop", JSON.stringify(crop));
      form.append("photo", file);
      const response = await fetch("/api/profile/photos", {
        method: "POST",
        headers: { [apiHeaders.siteKey]: __SITE_KEY__, Authorization: `Bearer ${readAccessToken() ?? ""}` },
        body: form,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as {
          message?: string;
          errors?: Record<string, string[]>;
        };
        setProblem(
          body.errors?.photo?.[0] ?? body.errors?.crop?.[0] ?? body.message ?? "The upload failed. Please try again.",
        );
        return;
      }
      refresh();
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const reframe = async (photo: TOwnPhoto, crop: TPhotoCrop) => {
    setProblem(null);
    setBusy(true);
    try {
      await callEndpoint(photoEndpoints.reframe, { params: { uuid: photo.id }, body: { crop } });
      refresh();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Your new framing was not saved. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const act = async (request: Promise<EndpointResult<typeof photoEndpoints.list>>) => {
    setProblem(null);
    try {
      refresh((await request).data);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    }
  };

  return (
    <div className="space-y-4">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div ref={grid} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {list.map((photo, index) => (
          <figure
            key={photo.id}
            data-photo-id={photo.id}
            aria-label={`Photo ${index + 1} of ${list.length}${photo.is_primary ? ", main photo" : ""}`}
            className="relative overflow-hidden rounded-xl bg-velvet-50"
          >
            <img src={photo.urls.thumb} alt="" className="aspect-square w-full object-cover" />
            {photo.is_primary ? (
              <span className="absolute top-2 left-2 rounded-pill bg-rose-500 px-2 py-0.5 text-xs font-semibold text-white">
                Main
              </span>
            ) : null}
            {statusLabel[photo.status] ? (
              <span className="absolute inset-x-0 top-0 bg-velvet-950/70 px-2 py-1 text-center text-xs text-white">
                {statusLabel[photo.status]}
              </span>
            ) : null}
            {photo.original_url ? (
              <button
                type="button"
                onClick={() => setFraming(photo)}
                aria-label="Frame photo again"
                title="Frame photo again"
                className={`absolute right-2 ${statusLabel[photo.status] ? "top-8" : "top-2"} grid size-8 place-items-center rounded-full bg-white/90 text-velvet-800 shadow-card transition hover:bg-white hover:text-rose-500`}
              >
                <svg
                  viewBox="0 0 20 20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  className="size-4"
                  aria-hidden="true"
                >
                  <path d="M5.5 2v12.5H18" strokeLinecap="round" strokeLinejoin="round" />
                  <path d="M2 5.5h12.5V18" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            ) : null}
            {movable && !photo.is_primary ? (
              <div className="pointer-events-none absolute inset-x-2 top-1/2 flex -translate-y-1/2 justify-between">
                <MoveButton
                  direction="earlier"
                  disabled={!movePhoto(list, photo.id, "earlier")}
                  onClick={() => move(photo, "earlier")}
                />
                <MoveButton
                  direction="later"
                  disabled={!movePhoto(list, photo.id, "later")}
                  onClick={() => move(photo, "later")}
                />
              </div>
            ) : null}
            <figcaption className="absolute inset-x-0 bottom-0 flex justify-between gap-1 bg-gradient-to-t from-velvet-950/80 to-transparent p-2 text-xs font-semibold text-white">
              {!photo.is_primary ? (
                <button
                  type="button"
                  onClick={() => void act(callEndpoint(photoEndpoints.makePrimary, { params: { uuid: photo.id } }))}
                >
                  Make main
                </button>
              ) : (
                <span />
              )}
              <button
                type="button"
                onClick={() => void act(callEndpoint(photoEndpoints.remove, { params: { uuid: photo.id } }))}
                aria-label="Delete photo"
              >
                Delete
              </button>
            </figcaption>
          </figure>
        ))}
        <button
          type="button"
          disabled={busy}
          onClick={() => input.current?.click()}
          className="grid aspect-square place-items-center rounded-xl border-2 border-dashed border-velvet-200 text-sm font-semibold text-velvet-600 hover:border-rose-400 hover:text-rose-500"
        >
          {busy ? "Uploading…" : "+ Add photo"}
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        aria-label="Choose a photo"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) setFraming(file);
          event.target.value = "";
        }}
      />
      {framing ? (
        <Suspense fallback={null}>
          <PhotoCropDialog
            source={framing instanceof File ? framing : (framing.original_url ?? "")}
            onCancel={() => setFraming(null)}
            onSave={(crop) => {
              setFraming(null);
              if (framing instanceof File) void upload(framing, crop);
              else if (crop) void reframe(framing, crop);
            }}
          />
        </Suspense>
      ) : null}
      <p className="text-xs text-muted">
        {movable ? "Your main photo is shown first; use the arrows to put the others in order. " : ""}
        JPEG, PNG or WebP, up to 10 MB. Frame and turn it before it goes up; we remove location and camera data from
        every photo.
      </p>
    </div>
  );
}

function MoveButton({
  direction,
  disabled,
  onClick,
}: {
  direction: MoveDirection;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-move={direction}
      disabled={disabled}
      onClick={onClick}
      aria-label={direction === "earlier" ? "Move left" : "Move right"}
      className="pointer-events-auto grid size-9 place-items-center rounded-full bg-white/90 text-velvet-800 shadow-card transition hover:bg-white hover:text-rose-500 disabled:pointer-events-none disabled:bg-white/40 disabled:text-velvet-900/40 disabled:shadow-none"
    >
      <svg
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        className="size-4"
        aria-hidden="true"
      >
        <path
          d={direction === "earlier" ? "M12.5 4.5 7 10l5.5 5.5" : "M7.5 4.5 13 10l-5.5 5.5"}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

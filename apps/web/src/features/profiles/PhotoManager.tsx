import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiHeaders } from "@velvet/shared/api/headers";
import { useRef, useState } from "react";
import { ApiError, api } from "../../lib/api-client";
import { readAccessToken } from "../../lib/auth-storage";
import { FormAlert } from "../../ui/forms/fields";
import { useAuthStore } from "../auth/auth-store";

interface OwnPhoto {
  id: string;
  status: "pending" | "approved" | "rejected";
  is_primary: boolean;
  urls: { thumb: string; medium: string; large: string };
}

const statusLabel = { pending: "Waiting for approval", approved: "", rejected: "Not approved" } as const;

/** Upload, make primary and delete photos. Uploads go as multipart, which the JSON API client does not send. */
export function PhotoManager() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const photos = useQuery({
    queryKey: ["own-photos"],
    queryFn: () => api.get<{ data: OwnPhoto[] }>("/profile/photos").then((response) => response.data),
  });
  const refresh = (list?: OwnPhoto[]) => {
    if (list) queryClient.setQueryData(["own-photos"], list);
    else void queryClient.invalidateQueries({ queryKey: ["own-photos"] });
    void useAuthStore.getState().fetchUser();
  };

  const upload = async (file: File) => {
    setBusy(true);
    setProblem(null);
    try {
      const form = new FormData();
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
        setProblem(body.errors?.photo?.[0] ?? body.message ?? "The upload failed. Please try again.");
        return;
      }
      refresh();
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const act = async (request: Promise<{ data: OwnPhoto[] }>) => {
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
      <div className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {(photos.data ?? []).map((photo) => (
          <figure key={photo.id} className="group relative overflow-hidden rounded-xl bg-velvet-50">
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
            <figcaption className="absolute inset-x-0 bottom-0 flex justify-between gap-1 bg-gradient-to-t from-velvet-950/80 to-transparent p-2 text-xs font-semibold text-white">
              {!photo.is_primary ? (
                <button type="button" onClick={() => void act(api.put(`/profile/photos/${photo.id}/primary`))}>
                  Make main
                </button>
              ) : (
                <span />
              )}
              <button
                type="button"
                onClick={() => void act(api.delete(`/profile/photos/${photo.id}`))}
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
          if (file) void upload(file);
        }}
      />
      <p className="text-xs text-muted">
        JPEG, PNG or WebP, up to 10 MB. We remove location and camera data from every photo.
      </p>
    </div>
  );
}

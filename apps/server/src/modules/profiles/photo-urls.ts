import type { FileStorage } from "../../platform/storage/storage";

/** The default avatar by gender (spec §1), shipped with the web app. */
export function defaultAvatar(gender: string): { thumb: string; large: string } {
  const url = `/avatars/default-${gender === "male" ? "male" : "female"}.svg`;
  return { thumb: url, large: url };
}

/** Approved photos live under unguessable generated names, so a plain URL is safe to hand out. */
export function photoUrls(storage: FileStorage, storageKey: string): { thumb: string; large: string } {
  return { thumb: storage.publicUrl(`${storageKey}-thumb.webp`), large: storage.publicUrl(`${storageKey}-large.webp`) };
}

import type { TStaticPageSlug } from "@velvet/shared/api/content";
import { contentEndpoints } from "@velvet/shared/contract/content";
import { callEndpoint } from "../../lib/api-client";

export const contentKeys = {
  page: (slug: string) => ["static-page", slug] as const,
};

export function fetchStaticPage(slug: string, signal?: AbortSignal) {
  return callEndpoint(contentEndpoints.page, { params: { slug } }, { signal }).then((response) => response.data);
}

/** Which page each content route shows (spec §2); the path and the slug happen to match. */
export const slugByPath: Readonly<Record<string, TStaticPageSlug>> = {
  "/faq": "faq",
  "/terms-of-use": "terms-of-use",
  "/privacy": "privacy",
  "/2257-notice": "2257-notice",
  "/affiliates": "affiliates",
  "/no-affiliate": "no-affiliate",
};

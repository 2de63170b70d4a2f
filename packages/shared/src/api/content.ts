import { z } from "../validation/z";

/** The content pages the site ships with (spec §2); each is a static page record (spec §3). */
export const staticPageSlugs = ["faq", "terms-of-use", "privacy", "2257-notice", "affiliates", "no-affiliate"] as const;
export type TStaticPageSlug = (typeof staticPageSlugs)[number];

export const ZStaticPageParamsSchema = z.object({
  slug: z
    .string()
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
});

/** A static page: `content` is HTML the server has sanitised (no script, handler, frame, style or javascript: URL). */
export const ZStaticPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  content: z.string(),
});
export type TStaticPage = z.infer<typeof ZStaticPageSchema>;

export const ZStaticPageResponseSchema = z.object({ data: ZStaticPageSchema });
export type TStaticPageResponse = z.infer<typeof ZStaticPageResponseSchema>;

/** Admin: a page's new text. Stored sanitised; an edited page is never overwritten by a deploy. */
export const ZStaticPageUpdateRequestSchema = z.object({
  title: z.string().trim().min(1).max(150),
  meta_title: z.string().trim().min(1).max(150),
  meta_description: z.string().trim().min(1).max(300),
  content: z.string().min(1).max(200_000),
});
export type TStaticPageUpdateRequest = z.input<typeof ZStaticPageUpdateRequestSchema>;

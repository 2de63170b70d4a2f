import type { TStaticPage } from "@velvet/shared/api/content";
import type { StaticPageRow } from "./service";

export function presentStaticPage(page: StaticPageRow): TStaticPage {
  return {
    slug: page.slug,
    title: page.title,
    meta_title: page.metaTitle,
    meta_description: page.metaDescription,
    content: page.content,
  };
}

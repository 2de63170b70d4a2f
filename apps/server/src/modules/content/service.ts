import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { staticPages } from "../../platform/db/schema";
import { AppError } from "../../platform/http/app-error";
import { sanitizePageHtml } from "./sanitize";

export type StaticPageRow = typeof staticPages.$inferSelect;

/**
 * The last sanitised HTML per slug, with the stored HTML it came from: pages
 * are read far more often than they change, and sanitising is the expensive
 * part of serving one. Keyed on the stored text itself, so any change to a row,
 * however it was made, is sanitised afresh.
 */
const sanitisedCache = new Map<string, { stored: string; html: string }>();

/** A page to show, its content sanitised again on the way out (404 for an unknown slug). */
export async function findStaticPage(context: AppContext, slug: string): Promise<StaticPageRow> {
  const [page] = await context.database.db.select().from(staticPages).where(eq(staticPages.slug, slug));
  if (!page) throw new AppError("not_found");
  const cached = sanitisedCache.get(page.slug);
  if (cached?.stored === page.content) return { ...page, content: cached.html };
  const html = sanitizePageHtml(page.content);
  sanitisedCache.set(page.slug, { stored: page.content, html });
  return { ...page, content: html };
}

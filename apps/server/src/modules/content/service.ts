import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { defineCache } from "../../platform/cache/caches";
import { staticPages } from "../../platform/db/schema/content";
import { AppError } from "../../platform/http/app-error";
import { sanitizePageHtml } from "./sanitize";

export type StaticPageRow = typeof staticPages.$inferSelect;

/**
 * The last sanitised HTML per slug, with the stored HTML it came from: pages
 * are read far more often than they change, and sanitising is the expensive
 * part of serving one. Checked against the stored text itself, so any change to a row,
 * however and in whichever process it was made, is sanitised afresh: nothing needs to invalidate it.
 */
const sanitisedPages = defineCache<string, { stored: string; html: string }>({ name: "sanitised-pages", max: 200 });

/** A page to show, its content sanitised again on the way out (404 for an unknown slug). */
export async function findStaticPage(context: AppContext, slug: string): Promise<StaticPageRow> {
  const [page] = await context.database.db.select().from(staticPages).where(eq(staticPages.slug, slug));
  if (!page) throw new AppError("not_found");
  const sanitisedCache = context.caches.of(sanitisedPages);
  const cached = sanitisedCache.get(page.slug);
  if (cached?.stored === page.content) return { ...page, content: cached.html };
  const html = sanitizePageHtml(page.content);
  sanitisedCache.set(page.slug, { stored: page.content, html });
  return { ...page, content: html };
}

/**
 * An admin's edit: the HTML is sanitised before it is stored, and `source_hash` is cleared so the repository's
 * text never overwrites it at the next start (see ensureStaticPages). Audited with the slug.
 */
export async function updateStaticPage(
  context: AppContext,
  admin: { id: number },
  slug: string,
  page: { title: string; meta_title: string; meta_description: string; content: string },
  ip: string,
): Promise<StaticPageRow> {
  return context.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(staticPages)
      .set({
        title: page.title,
        metaTitle: page.meta_title,
        metaDescription: page.meta_description,
        content: sanitizePageHtml(page.content),
        sourceHash: null,
        updatedAt: new Date(),
      })
      .where(eq(staticPages.slug, slug))
      .returning();
    if (!updated) throw new AppError("not_found");
    await writeAudit(tx, { actorId: admin.id, action: "static_page.updated", metadata: { slug }, ip });
    return updated;
  });
}

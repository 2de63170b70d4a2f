import { createHash } from "node:crypto";
import { vipBenefits } from "@velvet/shared/api/credits";
import { company } from "@velvet/shared/content/company";
import { sql } from "drizzle-orm";
import type { AppConfig } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { staticPages } from "../../platform/db/schema/content";
import { formatCents, listActivePackages, listMessagePrices } from "../credits";
import { affiliatesPage } from "./pages/affiliates";
import { faqPage } from "./pages/faq";
import { noAffiliatePage } from "./pages/no-affiliate";
import { notice2257Page } from "./pages/notice-2257";
import type { PageContext, PageSource } from "./pages/page-source";
import { privacyPage } from "./pages/privacy";
import { termsOfUsePage } from "./pages/terms-of-use";
import { sanitizePageHtml } from "./sanitize";

export const pageSources: readonly PageSource[] = [
  faqPage,
  termsOfUsePage,
  privacyPage,
  notice2257Page,
  affiliatesPage,
  noAffiliatePage,
];

/** What the texts quote from configuration and the store, read as the database has it now. */
export async function pageContext(db: Db, config: AppConfig): Promise<PageContext> {
  const prices = Object.fromEntries((await listMessagePrices(db)).map((row) => [row.type, row.credits]));
  const shelf = await listActivePackages(db);
  const money = (cents: number) => `A$${formatCents(cents)}`;
  const creditPackages = shelf.filter((item) => item.kind === "credits").sort((a, b) => a.priceCents - b.priceCents);
  const smallest = creditPackages.at(0);
  const largest = creditPackages.at(-1);
  const pass = shelf.find((item) => item.kind === "pass");
  const vip = shelf.find((item) => item.kind === "vip");
  return {
    siteName: config.siteName,
    supportEmail: config.supportEmail,
    appUrl: config.appUrl,
    company,
    welcomeCredits: config.welcomeCredits,
    messagePrices: { text: prices.text ?? 0, image: prices.image ?? 0, wink: prices.wink ?? 0, like: prices.like ?? 0 },
    store: {
      smallestPackage: smallest ? { credits: smallest.credits, price: money(smallest.priceCents) } : null,
      largestPackage: largest
        ? { credits: largest.credits + largest.bonusCredits, price: money(largest.priceCents) }
        : null,
      pass: pass ? money(pass.priceCents) : null,
      vip: vip ? { price: money(vip.priceCents), credits: vip.credits } : null,
      vipBonusPercent: vipBenefits.packageBonusPercent,
    },
  };
}

/** A page as it is stored: sanitised on the way in, with the hash of what it was written from. */
export function pageRecord(source: PageSource, context: PageContext) {
  const page = {
    slug: source.slug,
    title: source.title,
    metaTitle: source.metaTitle,
    metaDescription: source.metaDescription,
    content: sanitizePageHtml(source.render(context)),
  };
  const sourceHash = createHash("sha256").update(JSON.stringify(page)).digest("hex");
  return { ...page, sourceHash };
}

/**
 * Writes the content pages at every start (no manual step, production too):
 * missing pages are created, and pages nobody has edited (source_hash still
 * set) follow the texts in ./pages and the current prices. An edited page
 * (source_hash null) is never overwritten.
 */
export async function ensureStaticPages(db: Db, config: AppConfig): Promise<void> {
  const context = await pageContext(db, config);
  await db
    .insert(staticPages)
    .values(pageSources.map((source) => pageRecord(source, context)))
    .onConflictDoUpdate({
      target: staticPages.slug,
      set: {
        title: sql`excluded.title`,
        metaTitle: sql`excluded.meta_title`,
        metaDescription: sql`excluded.meta_description`,
        content: sql`excluded.content`,
        sourceHash: sql`excluded.source_hash`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${staticPages.sourceHash} is not null and ${staticPages.sourceHash} <> excluded.source_hash`,
    });
}

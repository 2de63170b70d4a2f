import { bigint, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/**
 * Content pages (spec §3 Static page): FAQ, legal and affiliate texts, stored as
 * sanitised HTML. Written at start from the reviewed texts in
 * modules/content/pages; `source_hash` is the hash of the text a row was last
 * written from, so a row nobody edited follows the repository, and an editor
 * who changes a page sets it to null to keep their version.
 */
export const staticPages = pgTable(
  "static_pages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar("slug", { length: 60 }).notNull(),
    title: varchar("title", { length: 150 }).notNull(),
    metaTitle: varchar("meta_title", { length: 150 }).notNull(),
    metaDescription: varchar("meta_description", { length: 300 }).notNull(),
    content: text("content").notNull(),
    sourceHash: varchar("source_hash", { length: 64 }),
    ...timestamps,
  },
  (table) => [uniqueIndex("static_pages_slug_unique").on(table.slug)],
);

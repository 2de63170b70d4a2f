import { staticPageSlugs } from "@velvet/shared/api/content";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticPages } from "../../platform/db/schema/content";
import { messagePrices } from "../../platform/db/schema/credits";
import { startTestServer, type TestServer } from "../../test/support";
import { ensureStaticPages, pageContext, pageRecord } from "./page-catalogue";
import { faqPage } from "./pages/faq";

const hostileHtml = [
  "<h2>Safe heading</h2>",
  "<p>Kept text<script>alert('owned')</script></p>",
  '<img src="x" onerror="alert(1)">',
  '<p onclick="alert(2)" style="position:fixed" class="fixed inset-0">Clickable</p>',
  '<iframe src="https://evil.example"></iframe>',
  "<style>body{display:none}</style>",
  '<a href="javascript:alert(3)">Bad link</a>',
  '<a href="JaVaScRiPt&colon;alert(4)">Sneaky link</a>',
  '<a href="/account" target="_blank">Good link</a>',
  '<form action="https://evil.example"><input name="password"></form>',
].join("");

async function getPage(server: TestServer, slug: string) {
  const response = await server.request(`/api/pages/${slug}`);
  return { status: response.status, body: await response.json() };
}

describe("content pages", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("serves every content page from a fresh start, with its title and meta fields", async () => {
    for (const slug of staticPageSlugs) {
      const { status, body } = await getPage(server, slug);
      expect(status, slug).toBe(200);
      expect(Object.keys(body.data).sort()).toEqual(["content", "meta_description", "meta_title", "slug", "title"]);
      expect(body.data.slug).toBe(slug);
      expect(body.data.title.length).toBeGreaterThan(3);
      expect(body.data.meta_title).toContain("Velvet Hearts");
      expect(body.data.meta_description.length).toBeGreaterThan(40);
      expect(body.data.content).toContain("<h2>");
    }
  });

  it("has the FAQ sections of the spec as an accordion, quoting the store's real prices", async () => {
    const { body } = await getPage(server, "faq");
    const content: string = body.data.content;
    expect(body.data.title).toBe("Frequently asked questions");
    expect(content).toContain("<h2>Your account</h2>");
    expect(content).toContain("<h2>Payments</h2>");
    for (const question of [
      "How do I get started?",
      "Why can't I sign in?",
      "What do I need to join?",
      "What does it cost?",
      "How do I delete my account?",
    ]) {
      expect(content).toContain(`<summary>${question}</summary>`);
    }
    expect(content).toContain("Most profiles on the site are fictional");
    expect(content).toContain('href="/account"');
    expect(content).toContain("A text message costs 1 credit.");
    expect(content).toContain("A$14.95 for 100 credits");
  });

  it("marks the legal pages as templates to be reviewed by counsel, under Estonian law", async () => {
    for (const slug of ["terms-of-use", "privacy", "2257-notice"]) {
      const { body } = await getPage(server, slug);
      expect(body.data.content, slug).toContain("Template to be reviewed by counsel.");
      expect(body.data.content, slug).toContain("Velvet Hearts OÜ");
    }
    const terms = (await getPage(server, "terms-of-use")).body.data.content;
    expect(terms).toContain("governed by the laws of the Republic of Estonia");
    expect(terms).toContain("at least 18 years old");
  });

  it("answers 404 in the usual envelope for an unknown page", async () => {
    const { status, body } = await getPage(server, "no-such-page");
    expect(status).toBe(404);
    expect(body).toEqual({ message: "Not found." });
    expect((await getPage(server, "Not_A_Slug")).status).toBe(422);
  });

  it("never serves script, handlers, frames, styles or javascript: links, even from a row written behind the service", async () => {
    const { db } = server.context.database;
    await db.insert(staticPages).values({
      slug: "hostile",
      title: "Hostile",
      metaTitle: "Hostile | Velvet Hearts",
      metaDescription: "A page written straight into the database with dangerous markup in it.",
      content: hostileHtml,
      sourceHash: null,
    });
    const { status, body } = await getPage(server, "hostile");
    expect(status).toBe(200);
    const content: string = body.data.content;
    for (const forbidden of [
      "<script",
      "alert(",
      "onerror",
      "onclick",
      "<iframe",
      "<style",
      "style=",
      "class=",
      "javascript",
      "target=",
      "<form",
      "<input",
      "<img",
    ]) {
      expect(content.toLowerCase(), forbidden).not.toContain(forbidden.toLowerCase());
    }
    expect(content).toContain("<h2>Safe heading</h2>");
    expect(content).toContain("<p>Kept text</p>");
    expect(content).toContain('<a href="/account">Good link</a>');

    // Changed again: served sanitised afresh, not from what was sanitised before.
    await db
      .update(staticPages)
      .set({ content: "<p>Second version<script>x()</script></p>" })
      .where(eq(staticPages.slug, "hostile"));
    expect((await getPage(server, "hostile")).body.data.content).toBe("<p>Second version</p>");
  });

  it("sanitises a page when it is written, too", async () => {
    const context = await pageContext(server.context.database.db, server.context.config);
    const record = pageRecord({ ...faqPage, render: () => hostileHtml }, context);
    expect(record.content).not.toContain("<script");
    expect(record.content).not.toContain("onerror");
    expect(record.content).toContain("<p>Kept text</p>");
  });

  it("writes pages idempotently: unedited pages follow the texts and prices, edited ones are kept", async () => {
    const { db } = server.context.database;
    const { config } = server.context;
    await ensureStaticPages(db, config);
    await ensureStaticPages(db, config);
    const rows = await db.select().from(staticPages);
    expect(
      rows
        .filter((row) => row.slug !== "hostile")
        .map((row) => row.slug)
        .sort(),
    ).toEqual([...staticPageSlugs].sort());

    await db
      .update(staticPages)
      .set({ content: "<p>Edited by staff</p>", sourceHash: null })
      .where(eq(staticPages.slug, "affiliates"));
    await db.update(messagePrices).set({ credits: 3 }).where(eq(messagePrices.type, "text"));
    await ensureStaticPages(db, config);
    expect((await getPage(server, "affiliates")).body.data.content).toBe("<p>Edited by staff</p>");
    expect((await getPage(server, "faq")).body.data.content).toContain("A text message costs 3 credits.");
    await db.update(messagePrices).set({ credits: 1 }).where(eq(messagePrices.type, "text"));
  });
});

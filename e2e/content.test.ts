import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn } from "./members";

const baseUrl = inject("baseUrl");

/** Each content route, the heading it must show, and one heading from its stored text. */
const contentPages = [
  { path: "/faq", title: "Frequently asked questions", section: "Your account" },
  { path: "/terms-of-use", title: "Terms of use", section: "1. About these terms" },
  { path: "/privacy", title: "Privacy policy", section: "Who is responsible" },
  { path: "/2257-notice", title: "18 U.S.C. 2257 record-keeping statement", section: "All persons were over 18" },
  { path: "/affiliates", title: "Affiliate programme", section: "How it works" },
  { path: "/no-affiliate", title: "Welcome to Velvet Hearts", section: "What to expect" },
];

async function pageRecord(slug: string) {
  const response = await callApi<{ data: { meta_title: string; meta_description: string } }>(
    baseUrl,
    "GET",
    `/pages/${slug}`,
  );
  return response.body.data;
}

describe("content pages and support forms in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const width of [375, 1280]) {
    it(`renders every content page at ${width} px with its title, meta description and no console errors`, async () => {
      const { page, errors, close } = await newPage(browser, width);
      for (const content of contentPages) {
        await page.goto(`${baseUrl}${content.path}`);
        await page.getByRole("heading", { level: 1, name: content.title }).waitFor();
        await page.getByRole("heading", { level: 2, name: content.section, exact: true }).waitFor();
        const record = await pageRecord(content.path.slice(1));
        await page.waitForFunction((title) => document.title === title, record.meta_title);
        const description = await page.locator('meta[name="description"]').getAttribute("content");
        expect(description).toBe(record.meta_description);
        await screenshot(page, `content${content.path.replaceAll("/", "-")}-${width}`);
      }
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("shows the legal template notice and keeps the FAQ an accessible accordion", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/terms-of-use`);
    await page.getByText("Template to be reviewed by counsel.").waitFor();

    await page.goto(`${baseUrl}/faq`);
    const question = page.locator("summary", { hasText: "Why can't I sign in?" });
    await question.waitFor();
    const answer = page.getByRole("link", { name: "Forgot your password?" });
    expect(await answer.isVisible()).toBe(false);
    await question.focus();
    await page.keyboard.press("Enter");
    await answer.waitFor({ state: "visible" });
    await screenshot(page, "content-faq-open-1280", { fullPage: false });

    // A link inside the stored text moves within the app (no full reload).
    await page.evaluate(() => {
      (window as unknown as { stayedInApp: boolean }).stayedInApp = true;
    });
    await page.locator(".content-prose").getByRole("link", { name: "contact form" }).click();
    await page.waitForURL(`${baseUrl}/contact-us`);
    await page.getByRole("heading", { level: 1, name: "Contact us" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  for (const width of [375, 1280]) {
    it(`lets a guest send the contact form at ${width} px and shows the ticket reference`, async () => {
      const { page, errors, close } = await newPage(browser, width);
      await page.goto(`${baseUrl}/contact-us`);
      await page.getByRole("heading", { level: 1, name: "Contact us" }).waitFor();
      await screenshot(page, `support-contact-us-${width}`);

      await page.getByLabel("Message", { exact: true }).fill("Help!");
      await page.getByText("The message field must be at least 10 characters").waitFor();
      await page.getByRole("button", { name: "Send message" }).click();
      await page.getByText("Please fill in a valid email address").waitFor();

      await page.getByLabel("Your name (optional)").fill("Sam");
      await page.getByLabel("Your email").fill(`guest-${width}@example.com`);
      await page.getByLabel("What is it about?").selectOption("payments");
      await page.getByLabel("Subject", { exact: true }).fill("Credits missing");
      await page
        .getByLabel("Message", { exact: true })
        .fill("I bought credits this morning and they have not arrived yet.");
      await page.getByRole("button", { name: "Send message" }).click();
      await page.getByRole("heading", { name: "Thanks, we've got your message" }).waitFor();
      const reference = await page.getByText(/^VH-[0-9A-F]{8}$/).textContent();
      expect(reference).toMatch(/^VH-[0-9A-F]{8}$/);
      await screenshot(page, `support-sent-${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("asks a member for no email on the helpdesk form", async () => {
    const member = await createVerifiedMember(baseUrl, "helpdesk");
    const { page, errors, close } = await newPage(browser, 1280);
    await logIn(page, baseUrl, member.email, member.password);
    await page.goto(`${baseUrl}/helpdesk`);
    await page.getByRole("heading", { level: 1, name: "Helpdesk" }).waitFor();
    await page.getByText("We'll reply to the email address on your account.").waitFor();
    expect(await page.getByLabel("Your email").count()).toBe(0);
    expect(await page.getByLabel("What is it about?").inputValue()).toBe("technical");
    await page.getByLabel("Subject", { exact: true }).fill("Photos do not load");
    await page.getByLabel("Message", { exact: true }).fill("The photos on my favourites page stay blank on Safari.");
    await page.getByRole("button", { name: "Send to the helpdesk" }).click();
    await page.getByText(/^VH-[0-9A-F]{8}$/).waitFor();
    await screenshot(page, "support-helpdesk-member-1280");
    expect(errors).toEqual([]);
    await close();
  });
});

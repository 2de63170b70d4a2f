import type { TStaticPageSlug } from "@velvet/shared/api/content";

/** What the texts may mention that lives elsewhere: configuration, the company record and the current prices. */
export interface PageContext {
  siteName: string;
  supportEmail: string;
  appUrl: string;
  company: { legalName: string; address: string; governingLaw: string };
  welcomeCredits: number;
  /** Credits per message type, as the database has them now. */
  messagePrices: { text: number; image: number; wink: number; like: number };
  /** Display prices ("A$14.95") of the store's products. */
  store: {
    smallestPackage: { credits: number; price: string } | null;
    largestPackage: { credits: number; price: string } | null;
    pass: string | null;
    vip: { price: string; credits: number } | null;
    vipBonusPercent: number;
  };
}

/** One reviewable text: kept in its own file, written to static_pages at start. */
export interface PageSource {
  slug: TStaticPageSlug;
  title: string;
  metaTitle: string;
  metaDescription: string;
  render(context: PageContext): string;
}

/** Values from configuration are escaped before they reach the HTML (they are sanitised again anyway). */
export function text(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** "1 credit", "2 credits", "free". */
export function credits(amount: number): string {
  if (amount === 0) return "free";
  return `${amount.toLocaleString("en-AU")} ${amount === 1 ? "credit" : "credits"}`;
}

/** The notice every legal template starts with until counsel has signed it off. */
export const templateNotice = `<aside><p><strong>Template to be reviewed by counsel.</strong> This text is a working template prepared by the operator. It has not yet been reviewed by a qualified lawyer and must be reviewed by counsel before it is relied on.</p></aside>`;

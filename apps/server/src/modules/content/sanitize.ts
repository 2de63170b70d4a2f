import sanitizeHtml from "sanitize-html";

/**
 * The one allow-list for stored page HTML, applied when a page is written and
 * again when it is served (a row changed behind the service is still made
 * safe). Only structure and links survive: no script, style, iframe, form,
 * event handler, `class`, `style` or `target` attribute, and links only to
 * http(s), mailto and site-relative URLs, so nothing in a page can run code,
 * restyle the app or reach back into this window.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "em",
    "b",
    "i",
    "small",
    "code",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "address",
    "aside",
    "section",
    "details",
    "summary",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title"], details: ["open"], th: ["scope"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

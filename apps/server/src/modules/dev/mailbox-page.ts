import type { CapturedMail } from "../../platform/mail/mailer";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const styles = `body{font-family:system-ui,sans-serif;margin:0;background:#fffaf6;color:#22131c}
header{background:#3b0a2a;color:#fff;padding:1rem 1.5rem;font-weight:600}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:12px;overflow:hidden}
td,th{padding:.6rem .8rem;border-bottom:1px solid #f6e4ee;text-align:left;font-size:.9rem}
a{color:#a63b74}pre{white-space:pre-wrap;background:#fff;padding:1rem;border-radius:12px}`;

/** The captured-mail list at /dev/mail (development only). */
export function renderMailbox(messages: CapturedMail[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.sentAt)}</td><td>${escapeHtml(message.to)}</td><td><a href="/dev/mail/${message.id}">${escapeHtml(message.subject)}</a></td></tr>`,
    )
    .join("");
  const body = messages.length
    ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : "<p>No mail yet.</p>";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Captured mail</title><style>${styles}</style></head><body><header>Captured mail (development)</header><main>${body}</main></body></html>`;
}

/**
 * One captured message. The HTML body is shown as text: rendering it would need
 * inline styles the site's CSP forbids, and the links are what people need here.
 */
export function renderMessage(message: CapturedMail): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title><style>${styles}</style></head><body><header>${escapeHtml(message.subject)}</header><main><p><a href="/dev/mail">All mail</a></p><p>From: ${escapeHtml(message.from)}<br>To: ${escapeHtml(message.to)}<br>Sent: ${escapeHtml(message.sentAt)}</p><h2>Text</h2><pre>${escapeHtml(message.text)}</pre><h2>HTML source</h2><pre>${escapeHtml(message.html)}</pre></main></body></html>`;
}

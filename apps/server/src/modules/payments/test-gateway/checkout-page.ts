import type { CheckoutSession } from "./wire-format";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  return currency === "AUD" ? `A$${amount}` : `${amount} ${currency}`;
}

/** Served from its own URL: the site's CSP allows no inline styles. */
export const checkoutStyles = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1b26;background:#eef0f6;display:flex;flex-direction:column;align-items:center}
.bar{width:100%;background:#15172b;color:#fff;padding:14px 20px;display:flex;align-items:center;gap:10px;font-weight:700;letter-spacing:.01em}
.bar .dot{width:22px;height:22px;border-radius:7px;background:linear-gradient(135deg,#5b8cff,#7a5cff)}
.bar small{margin-left:auto;font-weight:600;font-size:12px;color:#f7c948;border:1px solid #f7c94866;border-radius:999px;padding:3px 10px}
main{width:100%;max-width:440px;padding:28px 16px 40px}
.card{background:#fff;border-radius:18px;box-shadow:0 1px 2px #15172b14,0 12px 32px -12px #15172b40;padding:24px}
.merchant{font-size:13px;color:#61647a;margin:0 0 4px}
h1{font-size:30px;margin:0 0 4px;letter-spacing:-.01em}
.item{margin:0 0 20px;color:#3b3e55}
.plastic{border-radius:14px;padding:18px;color:#fff;background:linear-gradient(135deg,#2b2f5c,#5b3c88);margin-bottom:20px;font-family:ui-monospace,monospace}
.plastic .num{font-size:18px;letter-spacing:.12em;margin:18px 0 10px}
.plastic .row{display:flex;justify-content:space-between;font-size:12px;opacity:.85}
form{display:grid;gap:10px}
button{font:inherit;font-weight:700;font-size:15px;border-radius:12px;padding:13px 16px;cursor:pointer;border:1px solid transparent}
.approve{background:#1f9d6b;color:#fff}
.approve:hover{background:#198a5d}
.decline{background:#fff;color:#c62f3d;border-color:#f0c2c7}
.decline:hover{background:#fff5f6}
.pending{background:#f4f5fa;color:#3b3e55;border-color:#dfe1ea}
.pending:hover{background:#eceef6}
.note{font-size:12.5px;color:#61647a;line-height:1.5;margin:18px 0 0;text-align:center}
.missing{text-align:center}`;

/** The hosted checkout of the test gateway: one form, three outcomes (PAYMENT_GATEWAY=test only). */
export function renderCheckoutPage(session: CheckoutSession, merchant: string): string {
  const title = `Pay ${money(session.amountCents, session.currency)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Test gateway</title><link rel="stylesheet" href="/test-gateway/checkout.css"></head><body>
<div class="bar"><span class="dot"></span>Test gateway<small>Sandbox · no real charge</small></div>
<main><div class="card">
<p class="merchant">${escapeHtml(merchant)}</p>
<h1>${escapeHtml(money(session.amountCents, session.currency))}</h1>
<p class="item">${escapeHtml(session.description)}</p>
<div class="plastic" aria-hidden="true"><div class="row"><span>TEST CARD</span><span>VISA</span></div><div class="num">4242 4242 4242 4242</div><div class="row"><span>A. MEMBER</span><span>12/34</span></div></div>
<form method="post">
<button class="approve" name="decision" value="approve">Approve payment</button>
<button class="decline" name="decision" value="decline">Decline payment</button>
<button class="pending" name="decision" value="pending">Leave pending</button>
</form>
<p class="note">The gateway tells the site what you chose with a signed notification, then sends you back. Reference ${escapeHtml(session.reference)}</p>
</div></main></body></html>`;
}

export function renderMissingCheckout(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout not found · Test gateway</title><link rel="stylesheet" href="/test-gateway/checkout.css"></head><body><div class="bar"><span class="dot"></span>Test gateway</div><main><div class="card missing"><h1>Checkout not found</h1><p class="item">This checkout link is not valid, or it has expired.</p></div></main></body></html>`;
}

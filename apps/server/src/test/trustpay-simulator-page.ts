import type { SimulatedPayment } from "./trustpay-simulator";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export const trustPayPageStyles = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#10243a;background:#f1f5f9;display:flex;flex-direction:column;align-items:center}
.bar{width:100%;background:#0b3a66;color:#fff;padding:14px 20px;display:flex;align-items:center;gap:10px;font-weight:700}
.bar .mark{width:24px;height:24px;border-radius:6px;background:linear-gradient(135deg,#19b5fe,#0b76d1)}
.bar small{margin-left:auto;font-size:12px;font-weight:600;color:#ffd166;border:1px solid #ffd16666;border-radius:999px;padding:3px 10px}
main{width:100%;max-width:440px;padding:28px 16px 40px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 2px #0b3a6614,0 12px 32px -12px #0b3a6640;padding:24px}
.label{font-size:13px;color:#5b6b7d;margin:0 0 4px}
h1{font-size:30px;margin:0 0 18px}
.fields{display:grid;gap:10px;margin-bottom:20px}
.field{border:1px solid #d5dde6;border-radius:10px;padding:10px 12px;font-family:ui-monospace,monospace;color:#5b6b7d;font-size:14px}
form{display:grid;gap:10px}
button{font:inherit;font-weight:700;font-size:15px;border-radius:10px;padding:13px 16px;cursor:pointer;border:1px solid transparent}
.approve{background:#0b76d1;color:#fff}
.decline{background:#fff;color:#b42318;border-color:#f3c7c2}
.cancel{background:#f1f5f9;color:#10243a;border-color:#d5dde6}
.note{font-size:12.5px;color:#5b6b7d;line-height:1.5;margin:18px 0 0;text-align:center}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · TrustPay simulator</title><link rel="stylesheet" href="/simulator.css"></head><body>
<div class="bar"><span class="mark"></span>TrustPay<small>Simulator · no real charge</small></div>
<main><div class="card">${body}</div></main></body></html>`;
}

/** The hosted card page: the card fields are TrustPay's (shown, never used), the decision is the tester's. */
export function renderTrustPayPage(payment: SimulatedPayment, search: string): string {
  return layout(
    `Pay ${payment.amount} ${payment.currency}`,
    `<p class="label">Card payment · reference ${escapeHtml(payment.reference)}</p>
<h1>${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</h1>
<div class="fields" aria-hidden="true"><div class="field">4200 0000 0000 0000</div><div class="field">12/34 · 123</div></div>
<form method="post" action="/mapi5/Card/PayPopup${escapeHtml(search)}">
<button class="approve" name="decision" value="approve">Approve payment</button>
<button class="decline" name="decision" value="decline">Decline payment</button>
<button class="cancel" name="decision" value="cancel">Cancel payment</button>
</form>
<p class="note">TrustPay notifies the shop with a signed notification and sends you back with the result.</p>`,
  );
}

export function renderTrustPayProblem(message: string): string {
  return layout("Payment not possible", `<h1>Payment not possible</h1><p class="label">${escapeHtml(message)}</p>`);
}

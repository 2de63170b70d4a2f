import { paymentStopMessages, type TPaymentStop } from "@velvet/shared/api/payments";
import { company } from "@velvet/shared/content/company";

/**
 * Transactional mail in the site's design: a plum header, a white card, one
 * rose button, and a plain-text twin for every message. Inline styles are the
 * only styling mail clients honour.
 */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export interface MailSite {
  siteName: string;
  appUrl: string;
  supportEmail: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function layout(
  site: MailSite,
  options: { heading: string; paragraphs: string[]; button?: { label: string; url: string }; footer?: string },
) {
  const button = options.button
    ? `<p style="margin:28px 0;text-align:center"><a href="${escapeHtml(options.button.url)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#ff4d8d;background-image:linear-gradient(90deg,#ff4d8d,#a63b74);color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(options.button.label)}</a></p>`
    : "";
  const paragraphs = options.paragraphs
    .map((text) => `<p style="margin:0 0 14px;line-height:1.6">${escapeHtml(text)}</p>`)
    .join("");
  const extraFooter = options.footer ?? "";
  return `<!doctype html><html lang="en"><body style="margin:0;background:#fdf3ec;font-family:Helvetica,Arial,sans-serif;color:#22131c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fdf3ec;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="background:#3b0a2a;border-radius:16px 16px 0 0;padding:20px 28px;font-family:Georgia,serif;font-size:22px;color:#ffffff">Velvet<span style="color:#ff6f9f">Hearts</span></td></tr>
<tr><td style="background:#ffffff;border-radius:0 0 16px 16px;padding:28px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:24px;color:#3b0a2a">${escapeHtml(options.heading)}</h1>
${paragraphs}${button}
<p style="margin:24px 0 0;font-size:13px;color:#74606c">Questions? Write to <a href="mailto:${escapeHtml(site.supportEmail)}" style="color:#a63b74">${escapeHtml(site.supportEmail)}</a>.</p>
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;color:#74606c;text-align:center">${extraFooter}${escapeHtml(company.legalName)}, ${escapeHtml(company.address)}. For adults 18+ only.</td></tr>
</table></td></tr></table></body></html>`;
}

function textLayout(site: MailSite, lines: string[]): string {
  return [
    ...lines,
    "",
    `Questions? Write to ${site.supportEmail}.`,
    `${company.legalName}, ${company.address}. For adults 18+ only.`,
  ].join("\n");
}

export function verifyEmailMail(site: MailSite, url: string): MailContent {
  const intro = `Welcome to ${site.siteName}! Please confirm your email address to start chatting.`;
  const expiry = "The link works for 60 minutes. If you did not create an account, you can ignore this email.";
  return {
    subject: `Confirm your email address for ${site.siteName}`,
    html: layout(site, {
      heading: "Confirm your email address",
      paragraphs: [intro, expiry],
      button: { label: "Confirm my email", url },
    }),
    text: textLayout(site, ["Confirm your email address", "", intro, "", url, "", expiry]),
  };
}

export function accountActivatedMail(site: MailSite): MailContent {
  const body =
    "Your email address is confirmed and your account is active. Browse profiles, send winks and start a conversation.";
  const url = `${site.appUrl}/dashboard`;
  return {
    subject: `Your ${site.siteName} account is active`,
    html: layout(site, { heading: "You're all set!", paragraphs: [body], button: { label: "Start browsing", url } }),
    text: textLayout(site, ["You're all set!", "", body, "", url]),
  };
}

/**
 * Goes to the OLD address once a change of address is confirmed, so a member whose account was taken over hears
 * of it where they still read. It does not name the new address: an old address may belong to someone else now.
 */
export function emailChangedMail(site: MailSite): MailContent {
  const notice = "Your email was changed; if this wasn't you, contact support";
  const detail = `The email address of your ${site.siteName} account was changed and this address no longer signs in. If this wasn't you, write to ${site.supportEmail} at once and we will secure your account.`;
  return {
    subject: `Your ${site.siteName} email was changed`,
    html: layout(site, { heading: "Your email was changed", paragraphs: [`${notice}.`, detail] }),
    text: textLayout(site, ["Your email was changed", "", `${notice}.`, "", detail]),
  };
}

export function passwordResetMail(site: MailSite, url: string): MailContent {
  const intro = "We received a request to reset the password of your account.";
  const expiry =
    "The link works once, for 60 minutes. If you did not ask for it, ignore this email: your password stays the same.";
  return {
    subject: `Reset your ${site.siteName} password`,
    html: layout(site, {
      heading: "Reset your password",
      paragraphs: [intro, expiry],
      button: { label: "Choose a new password", url },
    }),
    text: textLayout(site, ["Reset your password", "", intro, "", url, "", expiry]),
  };
}

/** The footer every notification email carries: why it came, and a one-click way to stop it. */
export function notificationFooter(unsubscribeUrl: string): { html: string; text: string } {
  const reason = "You receive this email because notification emails are on in your account settings.";
  return {
    html: `<span style="display:block;margin-bottom:8px">${escapeHtml(reason)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#a63b74">Unsubscribe</a></span>`,
    text: `${reason}\nUnsubscribe: ${unsubscribeUrl}`,
  };
}

/** A notification email (messages, winks, visits while away), wrapped with the unsubscribe footer. */
export function notificationMail(
  site: MailSite,
  content: { subject: string; heading: string; paragraphs: string[]; button: { label: string; url: string } },
  unsubscribeUrl: string,
): MailContent {
  const footer = notificationFooter(unsubscribeUrl);
  return {
    subject: content.subject,
    html: layout(site, { ...content, footer: footer.html }),
    text: textLayout(site, [content.heading, "", ...content.paragraphs, "", content.button.url, "", footer.text]),
  };
}

export function mailSite(config: { siteName: string; appUrl: string; supportEmail: string }): MailSite {
  return { siteName: config.siteName, appUrl: config.appUrl, supportEmail: config.supportEmail };
}

export function reportReceivedMail(site: MailSite): MailContent {
  const body =
    "Thank you for telling us. Our safety team reviews every report, usually within 24 hours, and takes action where our rules were broken. We do not share who reported.";
  return {
    subject: `We received your report | ${site.siteName}`,
    html: layout(site, { heading: "We received your report", paragraphs: [body] }),
    text: textLayout(site, ["We received your report", "", body]),
  };
}

/**
 * Acknowledges a support ticket with its reference. It quotes nothing the
 * sender typed: a guest can name any address, and the form must not become a
 * way to mail strangers someone else's words.
 */
export function supportTicketReceivedMail(site: MailSite, ticket: { reference: string; topic: string }): MailContent {
  const intro = `Thank you for contacting ${site.siteName}. We have received your request about “${ticket.topic}” and a member of our support team will answer by email, usually within one working day.`;
  const reference = `Your reference is ${ticket.reference}. Please quote it if you write to us about this request.`;
  const notYou = "If you did not contact us, you can ignore this email.";
  return {
    subject: `We received your request [${ticket.reference}] | ${site.siteName}`,
    html: layout(site, { heading: "We received your request", paragraphs: [intro, reference, notYou] }),
    text: textLayout(site, ["We received your request", "", intro, "", reference, "", notYou]),
  };
}

/** Tells a member that a photo they uploaded was not approved, and what to do instead. */
export function photoRejectedMail(site: MailSite, reason?: string): MailContent {
  const body =
    "One of the photos you uploaded was not approved, so it is not shown on your profile. Photos must show you, clearly, with no nudity, no other people's faces, no contact details and no text over the picture.";
  // The admin's own words, when they gave any, between the rules and what to do next.
  const note = reason ? [`Our team's note: ${reason}`] : [];
  const next = "You can upload another photo from your profile at any time.";
  return {
    subject: `Your photo was not approved | ${site.siteName}`,
    html: layout(site, {
      heading: "Your photo was not approved",
      paragraphs: [body, ...note, next],
      button: { label: "Edit my profile", url: `${site.appUrl}/profile/edit` },
    }),
    text: textLayout(site, [
      "Your photo was not approved",
      "",
      body,
      ...note.flatMap((line) => ["", line]),
      "",
      next,
      `${site.appUrl}/profile/edit`,
    ]),
  };
}

/** An answer from support to a ticket, quoting its reference; the admin's text is the body. */
export function supportReplyMail(
  site: MailSite,
  ticket: { reference: string; subject: string },
  message: string,
): MailContent {
  const paragraphs = message
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const footer = `You are receiving this because you contacted ${site.siteName} support. Reply to this email or write to ${site.supportEmail}, quoting ${ticket.reference}.`;
  return {
    subject: `Re: ${ticket.subject} [${ticket.reference}] | ${site.siteName}`,
    html: layout(site, { heading: "An answer from our support team", paragraphs: [...paragraphs, footer] }),
    text: textLayout(site, ["An answer from our support team", "", ...paragraphs.flatMap((p) => [p, ""]), footer]),
  };
}

/** A payment the member's own spending controls stopped, refunded at once: what it was, why, and that nothing was added. */
export function paymentStoppedRefundMail(
  site: MailSite,
  payment: { packageName: string; price: string; stoppedBy: TPaymentStop },
): MailContent {
  const what = `Your payment of A$${payment.price} for ${payment.packageName} has been refunded.`;
  const why = paymentStopMessages.refunded[payment.stoppedBy];
  const url = `${site.appUrl}/account`;
  return {
    subject: `Your payment was refunded | ${site.siteName}`,
    html: layout(site, {
      heading: "Your payment was refunded",
      paragraphs: [what, why, paymentStopMessages.refundArrives],
      button: { label: "My spending controls", url },
    }),
    text: textLayout(site, [
      "Your payment was refunded",
      "",
      what,
      "",
      why,
      "",
      paymentStopMessages.refundArrives,
      url,
    ]),
  };
}

import { type PageSource, templateNotice, text } from "./page-source";

/** /privacy: a template for counsel to review; the controller is the Estonian operator. */
export const privacyPage: PageSource = {
  slug: "privacy",
  title: "Privacy policy",
  metaTitle: "Privacy policy | Velvet Hearts",
  metaDescription:
    "What personal data Velvet Hearts collects, why, who it is shared with, how long it is kept and how to use your privacy rights.",
  render: (context) => {
    const { company } = context;
    const site = text(context.siteName);
    const support = `<a href="mailto:${text(context.supportEmail)}">${text(context.supportEmail)}</a>`;
    return `
${templateNotice}

<h2>Who is responsible</h2>
<p>${site} is operated by <strong>${text(company.legalName)}</strong>, ${text(company.address)}, which is the controller of your personal data. As an Estonian company we apply the EU General Data Protection Regulation (GDPR) and the Estonian Personal Data Protection Act, and we also respect the Australian Privacy Principles for our members in Australia. Questions about privacy go to ${support}.</p>

<h2>What we collect</h2>
<ul>
<li><strong>Account details</strong>: username, email address, password (stored only as a one-way hash), date of birth, gender, who you are looking for, state and city.</li>
<li><strong>Profile</strong>: photos, headline, description and other details you choose to add. Your email and date of birth are never shown to others.</li>
<li><strong>Activity</strong>: messages you send and receive, winks, likes, favourites, profile visits, notifications and your notification settings.</li>
<li><strong>Purchases</strong>: what you bought, when and for how much. Card details are entered on our payment partner's page; we never receive your card number.</li>
<li><strong>Technical data</strong>: IP address, a device identifier computed in your browser, browser type, and the campaign parameters of the link that brought you to us.</li>
<li><strong>Support</strong>: what you write to us through the contact forms or by email, and reports you make.</li>
</ul>

<h2>Why we use it</h2>
<ul>
<li>To provide the service you signed up for: your account, profile, search, conversations and purchases (performance of our contract with you).</li>
<li>To keep the service safe: confirming you are an adult, preventing fraud, spam and abuse, and enforcing our <a href="/terms-of-use">terms of use</a> (our legitimate interests, and legal obligations).</li>
<li>To send service emails such as email confirmation, password resets and, if you leave them on, notification emails (contract; you can switch notification emails off at any time in <a href="/account">Account settings</a> or with the link in each email).</li>
<li>To measure which campaigns bring visitors and improve the site (legitimate interests).</li>
<li>To keep accounting records and answer lawful requests from authorities (legal obligations).</li>
</ul>

<h2>Who reads your conversations</h2>
<p>Most profiles on ${site} are fictional and are answered by our operators. Messages you send to those profiles are read and answered by operators working for us under confidentiality obligations. Our moderation team may also review conversations and photos that are reported or flagged as breaking our rules.</p>

<h2>Who we share it with</h2>
<p>We do not sell your personal data. We share it only with service providers who work for us under data processing agreements: hosting and infrastructure, email delivery, our payment partner (for purchases) and, where applicable, captcha providers that check requests come from people. We disclose data to authorities when the law requires it, and we report suspected child exploitation or trafficking.</p>
<p>Some providers may process data outside the European Economic Area, including in Australia. Where that happens we rely on an adequacy decision or on the European Commission's standard contractual clauses.</p>

<h2>How long we keep it</h2>
<ul>
<li>Account and profile data: while your account exists.</li>
<li>When you delete your account we remove your profile, every photo and image you uploaded, your conversations with our fictional profiles, the notes our team kept about you, your support requests, reports about you and the text of reports you made, your notifications, likes, winks, favourites, blocks and profile visits (given and received), your device identifier, sign-in history and the statistics that name you. Only this stays, without your name, email address or any other detail that identifies you: your purchases and credit history (accounting law requires us to keep them for seven years), the messages you exchanged with other real members (they are part of those members' own conversations; images you sent are removed), and the security record of actions on your account, by our staff and by you, without network addresses (kept for security, up to 12 months).</li>
<li>Purchase records: for seven years, as Estonian accounting law requires.</li>
<li>Support requests: up to two years after they are closed.</li>
<li>Security logs: up to 12 months.</li>
</ul>

<h2>Your rights</h2>
<p>You may ask for access to your data, a copy of it (you can download it yourself in <a href="/account">Account settings</a>: one ZIP file with your data and your photos), correction, erasure, restriction, or object to processing based on our legitimate interests. Where we rely on your consent you may withdraw it at any time. Write to ${support}; we answer within one month.</p>
<p>You may also complain to the Estonian Data Protection Inspectorate (Andmekaitse Inspektsioon) or, if you live in Australia, to the Office of the Australian Information Commissioner.</p>

<h2>Cookies and local storage</h2>
<p>We use only what the site needs to work: a secure cookie that keeps you signed in, and browser storage for your session and settings. We do not use third-party advertising cookies.</p>

<h2>Adults only</h2>
<p>The service is for people aged 18 and over. We do not knowingly collect data from anyone under 18 and close such accounts when we learn of them.</p>

<h2>Changes</h2>
<p>We will update this policy when our processing changes and tell you about important changes by email or on the site.</p>
`;
  },
};

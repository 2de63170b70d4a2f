import { type PageSource, templateNotice, text } from "./page-source";

/** /terms-of-use: a template for counsel to review, governed by Estonian law (spec §1). */
export const termsOfUsePage: PageSource = {
  slug: "terms-of-use",
  title: "Terms of use",
  metaTitle: "Terms of use | Velvet Hearts",
  metaDescription:
    "The terms for using Velvet Hearts, an adult (18+) fantasy-chat and dating service operated from Tallinn, Estonia.",
  render: (context) => {
    const { company } = context;
    const site = text(context.siteName);
    const support = `<a href="mailto:${text(context.supportEmail)}">${text(context.supportEmail)}</a>`;
    return `
${templateNotice}

<h2>1. About these terms</h2>
<p>These terms govern your use of ${site} (the “service”), a website and chat service for adults in Australia. The service is operated by <strong>${text(company.legalName)}</strong>, a company registered in Estonia with its business address at ${text(company.address)} (“we”, “us”). By creating an account or using the service you agree to these terms and to our <a href="/privacy">privacy policy</a>.</p>

<h2>2. Who may use the service</h2>
<ul>
<li>You must be at least 18 years old and legally allowed to view sexually explicit material where you are. The service contains explicit adult content.</li>
<li>You may hold one personal account. You must give true information about your age and keep your email address up to date.</li>
<li>You are responsible for keeping your password secret and for everything done with your account.</li>
</ul>

<h2>3. Fictional profiles and operators</h2>
<p>${site} is an entertainment service. <strong>Most profiles on the site are fictional.</strong> They are created by us and their messages are written by trained operators, who may answer from more than one profile; some, such as a hello soon after you join or a note when you have been away for a while, are sent automatically. Fictional profiles are not available to meet in person, and nothing in a conversation with a fictional profile is an offer of a meeting, a relationship or any service. Photos on fictional profiles are used with permission and depict adults aged 18 or over. Real members may also use the service; we do not check the identity of members and you meet anyone at your own risk.</p>

<h2>4. Credits, passes and VIP</h2>
<ul>
<li>Creating an account, searching and viewing profiles are free. Sending messages uses credits, which you buy in packages. The price of each message type and each package is shown on the <a href="/prices">prices page</a> before you buy.</li>
<li>Prices are in Australian dollars and include GST. Each purchase is a single payment; nothing renews automatically. A 24-hour unlimited pass or a VIP membership starts when the payment is confirmed (or when a running one ends) and lasts for the stated time.</li>
<li>Credits have no cash value, cannot be transferred and are not refunded once used. Unused credits lapse when the account is deleted.</li>
<li>If you were charged in error, contact us within 30 days. Nothing in these terms limits rights you have under the Australian Consumer Law or other consumer protection law that cannot be excluded.</li>
</ul>

<h2>5. House rules</h2>
<p>You must not:</p>
<ul>
<li>post or send anything involving a person under 18, or anything that sexualises minors in any way;</li>
<li>take part in or promote prostitution, human trafficking, sexual exploitation or any other illegal activity; we report suspected exploitation to the authorities;</li>
<li>harass, threaten or abuse anyone, or share another person's private details or images without their consent;</li>
<li>ask other users for money, gifts or financial details, advertise, spam, or send links to other services;</li>
<li>upload content you do not have the right to use, or impersonate another person;</li>
<li>interfere with the service, scrape it, or use automated means to access it.</li>
</ul>
<p>You can report a profile, photo or message on the <a href="/report-abuse">report abuse</a> page.</p>

<h2>6. Content you add</h2>
<p>You keep the rights in photos and texts you upload. You allow us to store, adapt and show them on the service for as long as your account exists. We may review, refuse or remove any content that breaks these terms, and photos may need our approval before they are shown.</p>

<h2>7. Suspension and closing your account</h2>
<p>You may deactivate or delete your account at any time in <a href="/account">Account settings</a>. We may suspend or close an account that breaks these terms, for example for being under 18, for abuse or for payment fraud. Where the law requires, we will tell you why.</p>

<h2>8. Our responsibility</h2>
<p>We provide the service as it is and try to keep it available and secure, but we cannot promise that it will always be uninterrupted or error-free. To the extent the law allows, we are not liable for indirect or consequential loss, and our total liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms excludes liability for death or personal injury caused by negligence, for fraud, or any liability that cannot be excluded by law.</p>

<h2>9. Changes</h2>
<p>We may change these terms, for example when the service or the law changes. We will tell you about important changes by email or on the site before they take effect; if you do not agree, you may delete your account.</p>

<h2>10. Governing law and disputes</h2>
<p>These terms are governed by the laws of the Republic of ${text(company.governingLaw)}. Disputes will be heard by the courts of ${text(company.governingLaw)}, with Harju County Court in Tallinn as the court of first instance, unless the consumer protection law of the country where you live gives you the right to bring proceedings there or gives you protections that cannot be waived.</p>

<h2>11. Contact</h2>
<address>${text(company.legalName)}<br>${text(company.address)}<br>${support}</address>
`;
  },
};

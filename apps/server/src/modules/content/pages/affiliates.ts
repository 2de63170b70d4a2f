import { type PageSource, text } from "./page-source";

/** /affiliates: the affiliate programme, its rules and how to apply. */
export const affiliatesPage: PageSource = {
  slug: "affiliates",
  title: "Affiliate programme",
  metaTitle: "Affiliate programme: promote Velvet Hearts | Velvet Hearts",
  metaDescription:
    "Earn commission by referring adults in Australia to Velvet Hearts. How tracking works, the promotion rules and how to apply.",
  render: (context) => {
    const site = text(context.siteName);
    const support = `<a href="mailto:${text(context.supportEmail)}">${text(context.supportEmail)}</a>`;
    return `
<p>Run a site, a newsletter or a campaign for adults in Australia? Partner with ${site} and earn a share of what the members you refer spend on credits, passes and VIP.</p>

<h2>How it works</h2>
<ul>
<li><strong>Your links.</strong> After approval you receive a tracking ID. Add it to any link to ${site} with the <code>tracking_id</code> parameter, and use <code>s1</code> to <code>s5</code> for your own sub-IDs (campaign, placement, creative).</li>
<li><strong>Attribution.</strong> A visitor who registers after following your link is attributed to you, together with your sub-IDs, for the life of their account.</li>
<li><strong>Revenue share.</strong> You earn a percentage of the net revenue (after refunds and chargebacks) from the members you refer. Rates and any per-signup options are agreed with each partner.</li>
<li><strong>Reports and payouts.</strong> You see signups and sales per sub-ID, and earnings are paid monthly once they pass the minimum payout, by bank transfer in AUD or EUR.</li>
<li><strong>Landing pages.</strong> Send traffic to the home page or to one of our ready-made landing pages with short, mobile-first sign-up forms.</li>
</ul>

<h2>Promotion rules</h2>
<ul>
<li>Promote only to adults (18+) and never on sites, channels or audiences aimed at minors.</li>
<li>Be truthful: do not promise real meetings or relationships. Make clear, where you describe the service, that it is an entertainment service where most profiles are fictional.</li>
<li>No spam: no unsolicited email, SMS or messages, no purchased lists, no messages in other members' inboxes on other platforms.</li>
<li>No incentivised or fake traffic, no cookie stuffing, no bidding on our brand name in search ads without written permission.</li>
<li>Use only the creatives we approve, and respect Australian advertising and spam law.</li>
</ul>
<p>Traffic that breaks these rules is not paid, and the partnership may be ended.</p>

<h2>Apply</h2>
<p>Tell us about your site or channel, your audience and the traffic you expect through the <a href="/contact-us">contact form</a> (choose “Something else”) or at ${support} with the subject “Affiliates”. We answer every application within a few working days.</p>
`;
  },
};

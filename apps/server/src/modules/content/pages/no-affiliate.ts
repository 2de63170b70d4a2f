import { credits, type PageSource, text } from "./page-source";

/** /no-affiliate: the welcome page for visitors who came without an affiliate (no affiliate links around it). */
export const noAffiliatePage: PageSource = {
  slug: "no-affiliate",
  title: "Welcome to Velvet Hearts",
  metaTitle: "Welcome to Velvet Hearts: flirty chat for adults in Australia",
  metaDescription:
    "Velvet Hearts is flirty, discreet chat for adults across Australia. Join free, browse profiles and start chatting.",
  render: (context) => {
    const site = text(context.siteName);
    return `
<p>${site} is a place for adults in Australia to flirt, fantasise and chat without judgement. Create a free profile, browse members from Sydney to Perth and start a conversation whenever the mood takes you.</p>

<h2>What to expect</h2>
<ul>
<li><strong>Free to join.</strong> Your profile, searching and favourites cost nothing. You receive ${text(credits(context.welcomeCredits))} when you confirm your email.</li>
<li><strong>Pay only for messages.</strong> Messages use credits from packages you choose, with no subscription and nothing that renews by itself.</li>
<li><strong>Discreet.</strong> Your email and date of birth are never shown, and your bank statement does not name the site.</li>
<li><strong>Fantasy chat.</strong> Most profiles are fictional and are answered by our operators: it is entertainment, not a promise of a meeting.</li>
</ul>

<h2>Adults only</h2>
<p>You must be 18 or older to join. The site contains explicit adult content, and our <a href="/terms-of-use">terms of use</a> and <a href="/privacy">privacy policy</a> apply.</p>

<p><a href="/register">Create your free account</a> and say hello tonight.</p>
`;
  },
};

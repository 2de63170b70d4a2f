import { credits, type PageSource, text } from "./page-source";

/** /faq (spec §2): "Your account" (getting started, signing in, joining, costs, deleting) and "Payments". */
export const faqPage: PageSource = {
  slug: "faq",
  title: "Frequently asked questions",
  metaTitle: "FAQ: accounts, credits and payments | Velvet Hearts",
  metaDescription:
    "Answers about joining Velvet Hearts, signing in, what chatting costs in credits, paying by card and deleting your account.",
  render: (context) => {
    const { messagePrices: prices, store } = context;
    const support = `<a href="mailto:${text(context.supportEmail)}">${text(context.supportEmail)}</a>`;
    const packages =
      store.smallestPackage && store.largestPackage
        ? `<p>Credit packages start at ${text(store.smallestPackage.price)} for ${text(store.smallestPackage.credits)} credits; bigger packages include bonus credits, up to ${text(store.largestPackage.credits.toLocaleString("en-AU"))} credits for ${text(store.largestPackage.price)}.</p>`
        : "";
    const pass = store.pass
      ? `<p>If you like to chat a lot, the <strong>24-hour unlimited pass</strong> (${text(store.pass)}) lets you send as many text messages and winks as you like for 24 hours without using credits (photo messages still use credits). While it runs, your balance shows “24h”.</p>`
      : "";
    const vip = store.vip
      ? `<p><strong>VIP</strong> (${text(store.vip.price)} for 30 days) adds ${text(store.vip.credits)} credits straight away, ${text(store.vipBonusPercent)}% extra credits on every package you buy while it lasts, and a cheaper 24-hour pass. It never renews by itself.</p>`
      : "";
    return `
<p>Can't find what you are looking for? Write to us through the <a href="/contact-us">contact form</a> or at ${support}. We answer every message, usually within one working day.</p>

<section>
<h2>Your account</h2>

<details>
<summary>How do I get started?</summary>
<p>Creating an account is free and takes about a minute. Choose <a href="/register">Create account</a>, pick a username, tell us who you are and who you would like to meet, and confirm your email address with the link we send you. Once your email is confirmed you receive ${text(credits(context.welcomeCredits))} to start chatting.</p>
<p>Then add a photo and a few words about yourself on <a href="/profile/edit">your profile</a>, search for members near you, and send a wink or a message to anyone who catches your eye.</p>
</details>

<details>
<summary>Who will I be chatting with?</summary>
<p>${text(context.siteName)} is an entertainment and fantasy-chat service. <strong>Most profiles on the site are fictional</strong>: they are written and answered by our team of operators, who may reply from several profiles, and some of their messages (a hello after you join, a note when you have been away) are sent automatically. Conversations are for fun and flirting online; you should not expect to meet the person behind a fictional profile in real life. Real members can be on the site too.</p>
</details>

<details>
<summary>Why can't I sign in?</summary>
<ul>
<li><strong>Check your email and password.</strong> Passwords are case-sensitive. If you have forgotten yours, use <a href="/forgot-password">Forgot your password?</a> and we will email you a link to choose a new one.</li>
<li><strong>Too many attempts.</strong> After several wrong passwords in a row we pause sign-ins for that address for a few minutes to protect your account. Wait for the time shown and try again.</li>
<li><strong>Deactivated account.</strong> If you deactivated your account you can still sign in; you will be asked whether you want to reactivate it.</li>
<li><strong>Deleted account.</strong> A deleted account cannot be restored. You are welcome to create a new one.</li>
<li><strong>Still stuck?</strong> Make sure cookies are allowed for this site and your browser is up to date, then <a href="/contact-us">contact us</a> from the email address you registered with.</li>
</ul>
</details>

<details>
<summary>What do I need to join?</summary>
<ul>
<li>You must be <strong>at least 18 years old</strong> and old enough to view adult material where you live. We check your date of birth when you register and close accounts of anyone under 18.</li>
<li>A valid email address that you can read, to confirm your account and receive sign-in help.</li>
<li>One account per person. Accounts are personal and must not be shared, sold or used for advertising.</li>
<li>You must accept our <a href="/terms-of-use">terms of use</a> and <a href="/privacy">privacy policy</a>, and follow the house rules: be respectful, never share anyone's private details, and never ask for or send money.</li>
</ul>
</details>

<details>
<summary>What does it cost?</summary>
<p>Joining, building your profile, searching, viewing profiles, reading the messages you receive and favourites are free. Sending messages uses <strong>credits</strong>, which you buy in packages:</p>
<ul>
<li>A text message costs ${text(credits(prices.text))}.</li>
<li>A photo message costs ${text(credits(prices.image))}.</li>
<li>Winks are ${text(credits(prices.wink))} and likes are ${text(credits(prices.like))}.</li>
</ul>
${packages}
<p>The current prices, in Australian dollars with GST included, are always on the <a href="/prices">prices page</a>. You are never charged anything you did not choose to buy.</p>
</details>

<details>
<summary>How do I delete my account?</summary>
<p>Sign in and open <a href="/account">Account settings</a>. At the bottom of the page you can:</p>
<ul>
<li><strong>Download my data</strong>: a copy of the personal data we hold about you.</li>
<li><strong>Deactivate account</strong>: hides your profile until you sign in again and choose to reactivate it.</li>
<li><strong>Delete account</strong>: confirm with your password, and your profile, photos and personal details are removed for good. Unused credits are lost and cannot be refunded.</li>
</ul>
<p>If you can no longer sign in, write to ${support} from the address you registered with and we will delete the account for you.</p>
</details>
</section>

<section>
<h2>Payments</h2>

<details>
<summary>How do credits work?</summary>
<p>Credits are the site's currency for messages. Each message you send takes its price from your balance, shown at the top of every page. Credits do not expire while your account is open, and they cannot be exchanged for money or transferred to another member.</p>
${pass}
${vip}
</details>

<details>
<summary>How can I pay?</summary>
<p>By Visa or Mastercard, credit or debit, on the secure hosted page of our payment partner. Your card number is entered there and never reaches us. Prices are in Australian dollars and include GST. See <a href="/how-to-pay">how to pay</a> for the steps.</p>
</details>

<details>
<summary>Will I be charged again later?</summary>
<p>No. Every purchase is a one-off payment. There are no subscriptions and nothing renews automatically, VIP included.</p>
</details>

<details>
<summary>What will my bank statement show?</summary>
<p>A discreet descriptor that does not name the site, in Australian dollars. Your bank may add a small fee for a payment processed outside Australia.</p>
</details>

<details>
<summary>My payment is pending or was declined</summary>
<p>Some banks take a little longer to confirm. A pending payment completes on its own: your credits arrive the moment the bank answers, even if you have closed the page. A declined payment has not been charged; check the card details or try another card.</p>
</details>

<details>
<summary>Can I get a refund?</summary>
<p>Credits that have been used cannot be refunded. If you were charged for something you did not receive, or charged twice, write to ${support} within 30 days with the date and amount and we will put it right. Your rights under the Australian Consumer Law are not affected.</p>
</details>
</section>
`;
  },
};

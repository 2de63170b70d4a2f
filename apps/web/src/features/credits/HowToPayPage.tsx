import { Link } from "react-router";
import { clientConfig } from "../../lib/client-config";
import { PaymentIcons } from "../../ui/PaymentIcons";
import { LockIcon } from "./StorePieces";

const steps = [
  {
    title: "Choose what you want",
    text: "A credit package, the 24-hour unlimited pass or VIP, on the packages page. Prices are in AUD and include GST.",
  },
  {
    title: "Pay by card on a secure page",
    text: "You are taken to our payment partner's hosted checkout. Enter your Visa or Mastercard there; your card number never reaches us.",
  },
  {
    title: "Come back to your result",
    text: "The payment page sends you back to us, and we show whether it went through. Most banks answer within seconds.",
  },
  {
    title: "Start chatting",
    text: "Credits, the pass or VIP arrive in your account the moment the payment is confirmed, on every device.",
  },
];

const answers = [
  {
    q: "Which cards can I use?",
    a: "Visa and Mastercard, credit or debit.",
  },
  {
    q: "What will my statement show?",
    a: "A discreet descriptor that does not name the site. The amount is in Australian dollars.",
  },
  {
    q: "Is anything charged again later?",
    a: "No. Every purchase is a one-off payment. Nothing renews by itself, VIP included.",
  },
  {
    q: "My payment says pending. What now?",
    a: "Some banks take longer to confirm. Leave it with us: the moment your bank answers, your purchase arrives, even if you have closed the page.",
  },
  {
    q: "It was declined.",
    a: "Your card was not charged. Check the card number, expiry and security code, or try another card.",
  },
];

/** /how-to-pay: the purchase step by step, accepted cards (Visa, Mastercard) and the usual questions. */
export default function HowToPayPage() {
  const supportEmail = clientConfig().supportEmail;
  return (
    <div className="page-container py-10 sm:py-14">
      <header className="grid items-center gap-6 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="text-xs font-bold tracking-widest text-rose-500 uppercase">Payments</p>
          <h1 className="mt-2 text-4xl font-semibold text-velvet-900 sm:text-5xl">How to pay</h1>
          <p className="mt-3 text-lg text-muted">
            Buying credits takes a minute. We accept Visa and Mastercard, and every payment is a one-off.
          </p>
        </div>
        <div className="card flex flex-col items-center gap-3 p-6 text-center">
          <p className="text-sm font-semibold text-velvet-900">Accepted cards</p>
          <PaymentIcons />
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <LockIcon className="size-4 text-success" /> Card details are entered on a secure, encrypted page
          </p>
        </div>
      </header>

      <ol className="mt-12 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="card p-6">
            <span className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-velvet-500 font-display text-lg font-semibold text-white">
              {index + 1}
            </span>
            <h2 className="mt-4 text-xl font-semibold text-velvet-900">{step.title}</h2>
            <p className="mt-2 text-muted">{step.text}</p>
          </li>
        ))}
      </ol>

      <section className="mt-14 grid gap-8 lg:grid-cols-[1fr_1.5fr]">
        <div>
          <h2 className="text-3xl font-semibold text-velvet-900">Questions about paying</h2>
          <p className="mt-3 text-muted">
            Anything else? Write to{" "}
            <a href={`mailto:${supportEmail}`} className="font-semibold text-velvet-600 hover:text-velvet-800">
              {supportEmail}
            </a>{" "}
            and we will sort it out.
          </p>
          <Link to="/credits/package" className="btn-primary mt-6">
            See the packages
          </Link>
        </div>
        <dl className="space-y-4">
          {answers.map((item) => (
            <div key={item.q} className="rounded-2xl bg-white p-5 shadow-card">
              <dt className="font-semibold text-velvet-900">{item.q}</dt>
              <dd className="mt-1 text-muted">{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

import { Link } from "react-router";
import { clientConfig } from "../../lib/client-config";

const cities = ["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Hobart", "Canberra", "Darwin"];

const steps = [
  {
    title: "Create your free profile",
    text: "Tell us who you are and who you'd like to meet. It takes less than a minute.",
  },
  {
    title: "Browse and flirt",
    text: "Search by city, age and type. Send a wink, a like, or save favourites for later.",
  },
  {
    title: "Chat in real time",
    text: "Messages arrive instantly on every device, with credits or a 24-hour unlimited pass.",
  },
];

const features = [
  {
    icon: "M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z",
    title: "Singles near you",
    text: "Profiles from Sydney to Perth, filtered the way you want.",
  },
  {
    icon: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z",
    title: "Instant chat",
    text: "See who's online, who visited you and who winked back.",
  },
  {
    icon: "M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3z",
    title: "Private and discreet",
    text: "Your email and birthdate are never shown. Billing is discreet.",
  },
];

function ChatPreview() {
  return (
    <div className="relative mx-auto w-full max-w-sm" aria-hidden="true">
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-br from-rose-500/40 to-velvet-400/30 blur-2xl" />
      <div className="relative rounded-[1.75rem] border border-white/15 bg-white/10 p-4 shadow-lift backdrop-blur-md">
        <div className="flex items-center gap-3 border-b border-white/10 pb-3">
          <div className="size-11 rounded-full bg-gradient-to-br from-rose-400 to-velvet-500 ring-2 ring-white/40" />
          <div>
            <p className="font-semibold text-white">Jess, 29</p>
            <p className="flex items-center gap-1.5 text-xs text-velvet-100">
              <span className="size-2 rounded-full bg-online" /> Online now · Bondi
            </p>
          </div>
        </div>
        <div className="space-y-2.5 py-4 text-sm">
          <p className="max-w-[80%] rounded-2xl rounded-bl-sm bg-white px-3.5 py-2 text-ink">
            Hey you, saw you're into beach walks too?
          </p>
          <p className="ml-auto max-w-[80%] rounded-2xl rounded-br-sm bg-gradient-to-r from-rose-500 to-velvet-500 px-3.5 py-2 text-white">
            Guilty! Sunrise at Bronte is my favourite
          </p>
          <p className="max-w-[80%] rounded-2xl rounded-bl-sm bg-white px-3.5 py-2 text-ink">
            Coffee after? I know a spot
          </p>
        </div>
        <div className="flex items-center gap-2 rounded-full bg-white/90 px-4 py-2.5 text-sm text-muted">
          Write a message…
          <span className="ml-auto grid size-8 place-items-center rounded-full bg-rose-500 text-white">➤</span>
        </div>
      </div>
    </div>
  );
}

export default function HomePage() {
  const supportEmail = clientConfig().supportEmail;
  return (
    <>
      <section className="relative -mt-16 overflow-hidden bg-gradient-to-br from-velvet-950 via-velvet-900 to-velvet-700 pt-16">
        <div className="pointer-events-none absolute -top-32 -right-32 size-[28rem] rounded-full bg-rose-500/25 blur-3xl" />
        <div className="page-container relative grid items-center gap-12 py-16 lg:grid-cols-2 lg:py-24">
          <div className="space-y-6 text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-pill bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-rose-200 uppercase">
              <span className="size-1.5 rounded-full bg-online" /> Adults only · Australia
            </p>
            <h1 className="text-4xl leading-tight font-semibold text-white sm:text-5xl lg:text-6xl">
              Flirt, chat and <span className="text-rose-400 italic">feel the spark</span>
            </h1>
            <p className="mx-auto max-w-xl text-lg text-velvet-100/90 lg:mx-0">
              Velvet Hearts is where grown-ups across Australia come to flirt, fantasise and chat without judgement.
            </p>
            <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Link to="/register" className="btn-primary px-7 py-3 text-base">
                Create free account
              </Link>
              <Link to="/login" className="btn-ghost px-7 py-3 text-base">
                Log In
              </Link>
            </div>
          </div>
          <ChatPreview />
        </div>
      </section>

      <section className="page-container py-16">
        <h2 className="text-center text-3xl font-semibold text-velvet-900">How it works</h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="card p-6">
              <span className="grid size-10 place-items-center rounded-full bg-velvet-100 font-display text-lg font-semibold text-velvet-700">
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-semibold text-velvet-900">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-cream-100 py-16">
        <div className="page-container grid gap-6 md:grid-cols-3">
          {features.map((feature) => (
            <div key={feature.title} className="flex gap-4">
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-rose-500 to-velvet-600 shadow-glow">
                <svg viewBox="0 0 24 24" className="size-6 fill-white" aria-hidden="true">
                  <path d={feature.icon} />
                </svg>
              </span>
              <div>
                <h3 className="text-lg font-semibold text-velvet-900">{feature.title}</h3>
                <p className="mt-1 text-muted">{feature.text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="page-container py-16" aria-labelledby="before-you-join">
        <div className="card grid gap-8 p-6 sm:p-10 lg:grid-cols-2">
          <div>
            <h2 id="before-you-join" className="text-2xl font-semibold text-velvet-900">
              Before you join, please remember
            </h2>
            <ul className="mt-5 list-disc space-y-3 pl-5 text-sm text-ink/85 marker:text-rose-500">
              <li>This website contains sexually explicit material intended for adults only.</li>
              <li>
                You must be at least 18 years old and over the age of consent where you live to enter and use this site.
              </li>
              <li>
                By using the site you agree to our{" "}
                <Link to="/privacy" className="font-medium text-velvet-600 underline">
                  privacy policy
                </Link>{" "}
                and{" "}
                <Link to="/terms-of-use" className="font-medium text-velvet-600 underline">
                  terms of use
                </Link>
                .
              </li>
              <li>
                Most profiles on this site are fictional and are operated for entertainment; you will not meet them in
                person.
              </li>
              <li>
                All persons depicted were over 18 at the time of creation.{" "}
                <Link to="/2257-notice" className="font-medium text-velvet-600 underline">
                  18 U.S.C. 2257 record-keeping statement
                </Link>
                .
              </li>
            </ul>
          </div>
          <div className="flex flex-col justify-between gap-6 rounded-2xl bg-velvet-50 p-6">
            <div className="space-y-3 text-sm text-ink/85">
              <h3 className="text-lg font-semibold text-velvet-900">Private by design</h3>
              <p>
                Your email address and date of birth are never shown to other members, you choose which photos to share,
                and billing is discreet.
              </p>
              <p>
                Questions? Write to{" "}
                <a href={`mailto:${supportEmail}`} className="font-medium text-velvet-600 underline">
                  {supportEmail}
                </a>{" "}
                and we will get back to you.
              </p>
            </div>
            <Link to="/register" className="btn-primary self-start px-6 py-3">
              I'm 18+, let me in
            </Link>
          </div>
        </div>
      </section>

      <section className="page-container pb-16" aria-labelledby="join-today">
        <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-velvet-900 via-velvet-700 to-rose-600 px-6 py-12 text-center shadow-lift sm:px-12">
          <div className="pointer-events-none absolute -right-20 -bottom-24 size-72 rounded-full bg-rose-400/30 blur-3xl" />
          <h2 id="join-today" className="relative text-3xl font-semibold text-white sm:text-4xl">
            Your next flirty chat is one click away
          </h2>
          <p className="relative mx-auto mt-3 max-w-xl text-velvet-100/90">
            From {cities.slice(0, -1).join(", ")} and {cities.at(-1)}: create your free profile in under a minute and
            say hello.
          </p>
          <Link to="/register" className="btn-primary relative mt-8 px-8 py-3.5 text-base">
            Create free account
          </Link>
        </div>
      </section>
    </>
  );
}

import { HeartIcon, WinkIcon } from "../../ui/icons";
import { ClosingCall, JoinLink, ReasonGrid, TrustPoints } from "./MarketingPieces";

const reasons = [
  {
    title: "She knows what she wants",
    text: "Experienced women who say it straight. No mixed signals, no endless 'hey', no guessing games.",
  },
  {
    title: "Discretion comes first",
    text: "Your email and birthdate stay private, billing is discreet, and you decide who sees your photos.",
  },
  {
    title: "Conversation that lasts",
    text: "Witty, warm and a little wicked: the kind of late-night chat that makes you forget to check the time.",
  },
];

const moods = ["Wine and banter", "Slow-burn flirting", "Younger admirers welcome", "No games", "Late-night chats"];

/** A drawn profile card: warm gradients instead of photos, so the page stays tasteful anywhere. */
function ProfileTeaser() {
  return (
    <div className="relative mx-auto w-full max-w-xs" aria-hidden="true">
      <div className="absolute -inset-8 rounded-full bg-gradient-to-br from-amber-300/30 to-rose-500/30 blur-3xl" />
      <div className="relative rotate-2 overflow-hidden rounded-[1.75rem] bg-white shadow-lift">
        <div className="relative aspect-[4/5] bg-gradient-to-br from-[#f4c7a1] via-rose-400 to-velvet-700">
          <div className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-velvet-950/80 to-transparent" />
          <div className="absolute top-4 left-4 rounded-pill bg-white/90 px-3 py-1 text-xs font-bold text-velvet-800">
            <span className="mr-1.5 inline-block size-2 rounded-full bg-online" />
            Online now
          </div>
          <div className="absolute bottom-5 left-5 text-white">
            <p className="font-display text-3xl font-semibold">Claire, 46</p>
            <p className="text-sm text-white/85">Toorak, Melbourne</p>
          </div>
        </div>
        <div className="flex items-center justify-between gap-3 p-4">
          <p className="text-sm text-muted">"Impress me with your words first."</p>
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-velvet-500 text-white">
            <HeartIcon className="size-5" />
          </span>
        </div>
      </div>
      <div className="absolute -bottom-9 -left-2 flex -rotate-6 items-center gap-2 rounded-2xl bg-white px-4 py-3 text-sm font-semibold text-velvet-900 shadow-card">
        <WinkIcon className="size-5 text-rose-500" />
        Claire winked at you
      </div>
    </div>
  );
}

/** /milf: mature dating, for experienced women and the people who admire them. */
export default function MilfPage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-[#2a0714] via-velvet-900 to-[#7a2b2b] pt-16">
        <div className="pointer-events-none absolute -top-20 -left-24 size-96 rounded-full bg-amber-300/15 blur-3xl" />
        <div className="pointer-events-none absolute -right-24 bottom-0 size-96 rounded-full bg-rose-500/25 blur-3xl" />
        <div className="page-container relative grid items-center gap-14 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
          <div className="space-y-6 text-center lg:text-left">
            <p className="text-xs font-bold tracking-[0.3em] text-amber-200 uppercase">Mature dating · 18+</p>
            <h1 className="text-4xl leading-tight font-semibold text-white sm:text-5xl lg:text-6xl">
              Confident women who <span className="text-amber-200 italic">know what they want</span>
            </h1>
            <p className="mx-auto max-w-xl text-lg text-velvet-100/90 lg:mx-0">
              Fun, flirty and refreshingly direct: chat with mature women across Australia who have nothing left to
              prove and plenty left to enjoy.
            </p>
            <div className="flex flex-col items-center gap-4 lg:items-start">
              <JoinLink>Meet mature women</JoinLink>
              <TrustPoints points={["Free to join", "Discreet billing", "Chat from any device"]} />
            </div>
          </div>
          <ProfileTeaser />
        </div>
      </section>

      <ReasonGrid
        heading="Why older is better"
        intro="Some things get better with age. Conversation is one of them."
        reasons={reasons}
      />

      <section className="bg-cream-100 py-14">
        <div className="page-container text-center">
          <h2 className="text-2xl font-semibold text-velvet-900 sm:text-3xl">What's on her mind tonight</h2>
          <ul className="mt-6 flex flex-wrap justify-center gap-3">
            {moods.map((mood) => (
              <li
                key={mood}
                className="rounded-pill border border-velvet-200 bg-white px-5 py-2.5 text-sm font-semibold text-velvet-800 shadow-sm"
              >
                {mood}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="pt-16 sm:pt-20">
        <ClosingCall
          heading="Your next great conversation is waiting"
          text="Create your free profile in under a minute and see who's online near you."
          action="Create my free profile"
        />
      </div>
    </>
  );
}

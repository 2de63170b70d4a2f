import { CheckIcon, CloseIcon, HeartIcon } from "../../ui/icons";
import { ClosingCall, JoinLink, TrustPoints } from "./MarketingPieces";

const comparison = [
  { app: "Wait for a mutual match", us: "Message anyone who catches your eye" },
  { app: "Small talk for days", us: "Everyone here is in the mood to flirt" },
  { app: "Endless swiping, few replies", us: "See who's online and chat right now" },
  { app: "Your profile shown to everyone", us: "Your email and birthdate never shown" },
];

const cards = [
  {
    name: "Tash, 27",
    place: "Surry Hills",
    tilt: "-rotate-6 translate-x-[-18%]",
    fill: "from-velvet-300 to-velvet-600",
  },
  {
    name: "Ella, 31",
    place: "Fortitude Valley",
    tilt: "rotate-6 translate-x-[18%]",
    fill: "from-amber-200 to-rose-400",
  },
];

/** A drawn stack of swipe cards; the top one is about to be liked. */
function SwipeStack() {
  return (
    <div className="relative mx-auto h-[25rem] w-64 sm:w-72" aria-hidden="true">
      {cards.map((card) => (
        <div
          key={card.name}
          className={`absolute inset-x-0 top-4 h-80 rounded-[1.75rem] bg-gradient-to-br opacity-70 shadow-card ${card.fill} ${card.tilt}`}
        />
      ))}
      <div className="absolute inset-x-0 top-0 h-[21rem] rotate-2 overflow-hidden rounded-[1.75rem] bg-gradient-to-br from-rose-300 via-rose-500 to-velvet-700 shadow-lift">
        <div className="absolute top-6 left-5 -rotate-12 rounded-lg border-4 border-online px-3 py-1 font-display text-2xl font-bold tracking-wider text-online">
          FLIRT
        </div>
        <div className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-velvet-950/85 to-transparent" />
        <div className="absolute bottom-5 left-5 text-white">
          <p className="font-display text-3xl font-semibold">Rosie, 29</p>
          <p className="text-sm text-white/85">Bondi · 3 km away · online</p>
        </div>
      </div>
      <div className="absolute inset-x-0 bottom-0 flex justify-center gap-5">
        <span className="grid size-14 place-items-center rounded-full bg-white text-muted shadow-card">
          <CloseIcon className="size-6" />
        </span>
        <span className="grid size-14 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-velvet-500 text-white shadow-glow">
          <HeartIcon className="size-7 fill-white" />
        </span>
      </div>
    </div>
  );
}

/** /tinderforsex: for people tired of swiping: no matching required, straight to flirting. */
export default function TinderForSexPage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-velvet-950 via-velvet-800 to-rose-600 pt-16">
        <div className="pointer-events-none absolute -top-10 right-0 size-[30rem] rounded-full bg-rose-500/25 blur-3xl" />
        <div className="page-container relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1fr_auto] lg:gap-20">
          <div className="space-y-6 text-center lg:text-left">
            <p className="text-sm font-semibold text-rose-200">Tired of swiping into silence?</p>
            <h1 className="text-5xl leading-[1.05] font-semibold text-white sm:text-6xl lg:text-7xl">
              Swipe less.
              <br />
              <span className="text-rose-300 italic">Flirt more.</span>
            </h1>
            <p className="mx-auto max-w-xl text-lg text-velvet-100/90 lg:mx-0">
              No waiting for a match and no polite small talk. On Velvet Hearts you can message anyone you like, and
              everyone is here for the same thing: a flirty, no-strings chat.
            </p>
            <div className="flex flex-col items-center gap-4 lg:items-start">
              <JoinLink>Skip the swiping</JoinLink>
              <TrustPoints points={["No match needed", "Free to join", "Australia-wide"]} />
            </div>
          </div>
          <SwipeStack />
        </div>
      </section>

      <section className="page-container py-16 sm:py-20">
        <h2 className="text-center text-3xl font-semibold text-velvet-900 sm:text-4xl">Why people switch</h2>
        <div className="mx-auto mt-10 max-w-3xl overflow-hidden rounded-card bg-white shadow-card">
          <div className="grid grid-cols-2 bg-velvet-50 text-xs font-bold tracking-widest text-velvet-700 uppercase">
            <p className="px-4 py-3 sm:px-6">Swipe apps</p>
            <p className="bg-gradient-to-r from-rose-500 to-velvet-500 px-4 py-3 text-white sm:px-6">Velvet Hearts</p>
          </div>
          <ul>
            {comparison.map((row) => (
              <li key={row.us} className="grid grid-cols-2 border-t border-velvet-100 text-sm">
                <p className="flex items-start gap-2 px-4 py-4 text-muted sm:px-6">
                  <CloseIcon className="mt-0.5 size-4 shrink-0 text-velvet-300" />
                  {row.app}
                </p>
                <p className="flex items-start gap-2 bg-rose-500/5 px-4 py-4 font-semibold text-velvet-900 sm:px-6">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-rose-500" />
                  {row.us}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <ClosingCall
        heading="One profile. No swiping. Tonight."
        text="Sign up free in under a minute and start a conversation with whoever catches your eye."
        action="Join free now"
      />
    </>
  );
}

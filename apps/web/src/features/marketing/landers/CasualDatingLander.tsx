import { ChatIcon, EyeIcon, HeartIcon } from "../../../ui/icons";
import { LanderSignup } from "./LanderSignup";

const perks = [
  { icon: HeartIcon, text: "No strings, no pressure: flirt at your own pace" },
  { icon: ChatIcon, text: "Message anyone you like, from any device" },
  { icon: EyeIcon, text: "Discreet: your email and birthdate are never shown" },
];

const steps = [
  { title: "Tell us your type", text: "Who you are and who you'd like to chat with." },
  { title: "Make it yours", text: "A username, a password, your city. Done." },
  { title: "Start flirting", text: "Browse, wink and chat with people online now." },
];

/** /landers/casual-dating (also /lander7): split screen, the pitch on the left and the form on the right. */
export default function CasualDatingLander() {
  return (
    <>
      <section className="relative overflow-hidden bg-velvet-950 pt-16">
        <div className="pointer-events-none absolute inset-y-0 right-0 hidden w-[46%] skew-x-[-8deg] translate-x-16 bg-gradient-to-br from-rose-500 via-velvet-600 to-velvet-800 lg:block" />
        <div className="pointer-events-none absolute -top-24 -left-24 size-96 rounded-full bg-rose-500/20 blur-3xl" />
        {/* On a phone the form follows the pitch straight away; the perks come after it. */}
        <div className="page-container relative grid gap-8 py-10 sm:py-14 lg:grid-cols-[1.1fr_minmax(0,26rem)] lg:gap-x-16 lg:gap-y-8 lg:py-20">
          <div className="space-y-6 self-end text-center lg:text-left">
            <p className="text-xs font-bold tracking-[0.25em] text-rose-300 uppercase">Casual dating · Australia</p>
            <h1 className="text-4xl leading-tight font-semibold text-white sm:text-5xl">
              Casual dating, <span className="text-rose-400 italic">minus the small talk</span>
            </h1>
            <p className="mx-auto max-w-lg text-lg text-velvet-100/85 lg:mx-0">
              Grown-ups who want something light, fun and flirty. Join free in two quick steps and see who's online near
              you.
            </p>
          </div>
          <LanderSignup
            title="Join free in 2 quick steps"
            nextLabel="Continue"
            submitLabel="Start casual dating"
            choices={false}
            className="self-center shadow-lift lg:col-start-2 lg:row-span-2 lg:row-start-1"
          />
          <ul className="mx-auto max-w-md space-y-3 self-start lg:mx-0">
            {perks.map((perk) => (
              <li key={perk.text} className="flex items-center gap-3 text-velvet-100">
                <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-white/10 text-rose-300">
                  <perk.icon className="size-5" />
                </span>
                {perk.text}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page-container py-14">
        <h2 className="text-center text-2xl font-semibold text-velvet-900 sm:text-3xl">How it works</h2>
        <ol className="mt-8 grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-card border border-velvet-100 bg-white p-5">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-velvet-900 font-display text-lg font-semibold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-velvet-900">{step.title}</h3>
                <p className="text-sm text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

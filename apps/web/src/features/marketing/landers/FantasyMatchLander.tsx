import { LanderSignup } from "./LanderSignup";

const moods = [
  {
    title: "Romantic",
    text: "Slow, sweet and full of compliments.",
    fill: "from-rose-200 via-rose-300 to-rose-400",
  },
  {
    title: "Playful",
    text: "Teasing, banter and a wink or two.",
    fill: "from-amber-100 via-amber-200 to-rose-300",
  },
  {
    title: "Daring",
    text: "Bold lines for bold imaginations.",
    fill: "from-velvet-300 via-velvet-400 to-velvet-600",
  },
];

/** /lander32: a short quiz-style sign-up on a light page, the answers as one-tap pills. */
export default function FantasyMatchLander() {
  return (
    <>
      <section className="relative bg-gradient-to-r from-velvet-800 via-velvet-700 to-rose-600 pt-16 pb-40">
        <div
          className="pointer-events-none absolute inset-0 opacity-20"
          style={{
            backgroundImage: "radial-gradient(rgb(255 255 255 / 0.5) 1px, transparent 1px)",
            backgroundSize: "22px 22px",
          }}
        />
        <div className="page-container relative pt-8 text-center sm:pt-12">
          <p className="mx-auto inline-block rotate-[-2deg] rounded-lg bg-amber-200 px-3 py-1 text-xs font-bold tracking-widest text-velvet-900 uppercase">
            2 questions · 1 minute
          </p>
          <h1 className="mt-5 text-4xl leading-tight font-semibold text-white sm:text-5xl">Find your fantasy match</h1>
          <p className="mx-auto mt-3 max-w-xl text-lg text-white/85">
            Tell us what you're into and we'll show you the profiles most likely to make you blush.
          </p>
        </div>
      </section>
      <section className="bg-cream-100 pb-16">
        <div className="page-container relative -mt-32 flex flex-col items-center">
          <LanderSignup
            title="What are you looking for?"
            nextLabel="Show me my matches"
            submitLabel="Reveal my matches"
            className="max-w-lg shadow-lift ring-4 ring-white/60"
          />
          <h2 className="mt-14 text-center text-2xl font-semibold text-velvet-900">Whatever your mood</h2>
          <ul className="mt-6 grid w-full max-w-3xl gap-4 sm:grid-cols-3">
            {moods.map((mood) => (
              <li key={mood.title} className="overflow-hidden rounded-card bg-white shadow-card">
                <div className={`h-20 bg-gradient-to-br ${mood.fill}`} aria-hidden="true" />
                <div className="p-4">
                  <h3 className="text-lg font-semibold text-velvet-900">{mood.title}</h3>
                  <p className="text-sm text-muted">{mood.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

import type { CSSProperties } from "react";
import { LanderSignup } from "./LanderSignup";

/** Soft stars, drawn with tiled gradients of different sizes so the pattern does not repeat visibly and no image loads. */
const starrySky: CSSProperties = {
  backgroundImage: [
    "radial-gradient(1.5px 1.5px at 24px 36px, rgb(255 255 255 / 0.9), transparent)",
    "radial-gradient(1px 1px at 150px 110px, rgb(255 255 255 / 0.7), transparent)",
    "radial-gradient(1.5px 1.5px at 90px 200px, rgb(255 255 255 / 0.6), transparent)",
    "radial-gradient(1px 1px at 260px 60px, rgb(255 255 255 / 0.8), transparent)",
    "radial-gradient(2px 2px at 330px 280px, rgb(255 255 255 / 0.5), transparent)",
  ].join(", "),
  backgroundSize: "220px 240px, 220px 240px, 310px 290px, 310px 290px, 410px 370px",
};

const evening = [
  { time: "8:00 pm", text: "Create your free profile" },
  { time: "8:05 pm", text: "Send your first wink" },
  { time: "8:30 pm", text: "Deep in a flirty chat" },
];

/** /landers/lander8 (also /lander8): a night sky, one centred card, and the evening ahead. */
export default function TonightLander() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-[#0d0524] via-velvet-950 to-[#3d0f3a] pt-16">
      <div className="pointer-events-none absolute inset-0" style={starrySky} />
      <div className="pointer-events-none absolute top-16 -right-10 size-20 rounded-full opacity-80 sm:top-20 sm:right-[8%] sm:size-32 sm:opacity-100 bg-gradient-to-br from-amber-50 to-amber-200 shadow-[0_0_80px_20px_rgb(253_230_138/0.35)]" />
      <div className="pointer-events-none absolute -bottom-40 left-1/2 h-80 w-[60rem] -translate-x-1/2 rounded-full bg-rose-500/25 blur-3xl" />
      <div className="page-container relative flex flex-col items-center py-10 text-center sm:py-16">
        <p className="inline-flex items-center gap-2 rounded-pill border border-white/15 bg-white/5 px-4 py-1.5 text-xs font-semibold text-white/85">
          <span className="size-2 animate-pulse rounded-full bg-online" /> Late-night chat across Australia
        </p>
        <h1 className="mt-5 max-w-3xl text-4xl leading-tight font-semibold text-white sm:text-6xl">
          Meet someone new <span className="text-amber-200 italic">tonight</span>
        </h1>
        <p className="mt-4 max-w-xl text-lg text-white/80">
          The night is young and so is the conversation. Two quick steps and you're chatting with people who are awake,
          online and in the mood to flirt.
        </p>
        <LanderSignup
          title="Your evening starts here"
          nextLabel="Next: your account"
          submitLabel="Start chatting tonight"
          className="mt-10 max-w-md text-left shadow-[0_30px_80px_-20px_rgb(255_77_141/0.45)]"
        />
        <ol className="mt-12 grid w-full max-w-3xl gap-3 sm:grid-cols-3">
          {evening.map((moment) => (
            <li key={moment.time} className="rounded-2xl border border-white/10 bg-white/5 px-4 py-4 backdrop-blur">
              <p className="font-display text-xl font-semibold text-amber-200">{moment.time}</p>
              <p className="mt-1 text-sm text-white/80">{moment.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckIcon } from "../../ui/icons";

/** The one action every marketing page leads to. */
export function JoinLink({ children = "Join free", className = "" }: { children?: ReactNode; className?: string }) {
  return (
    <Link to="/register" className={`btn-primary px-8 py-3.5 text-base ${className}`}>
      {children}
    </Link>
  );
}

/** Short reassurances under a call to action. */
export function TrustPoints({ tone = "light", points }: { tone?: "light" | "dark"; points: readonly string[] }) {
  return (
    <ul
      className={`flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm lg:justify-start ${tone === "light" ? "text-white/80" : "text-muted"}`}
    >
      {points.map((point) => (
        <li key={point} className="flex items-center gap-1.5">
          <CheckIcon className={`size-4 ${tone === "light" ? "text-rose-300" : "text-rose-500"}`} />
          {point}
        </li>
      ))}
    </ul>
  );
}

export interface Reason {
  title: string;
  text: string;
}

/** A headed grid of reasons to join, each on its own card. */
export function ReasonGrid({
  heading,
  intro,
  reasons,
}: {
  heading: string;
  intro?: string;
  reasons: readonly Reason[];
}) {
  return (
    <section className="page-container py-16 sm:py-20">
      <h2 className="text-center text-3xl font-semibold text-velvet-900 sm:text-4xl">{heading}</h2>
      {intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted">{intro}</p> : null}
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {reasons.map((reason, index) => (
          <li key={reason.title} className="card p-6">
            <span className="font-display text-3xl font-semibold text-rose-500/80">0{index + 1}</span>
            <h3 className="mt-3 text-xl font-semibold text-velvet-900">{reason.title}</h3>
            <p className="mt-2 text-muted">{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The closing band: one more invitation, and the honest small print. */
export function ClosingCall({ heading, text, action }: { heading: string; text: string; action: string }) {
  return (
    <section className="page-container pb-16 sm:pb-20">
      <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-velvet-900 via-velvet-700 to-rose-600 px-6 py-12 text-center shadow-lift sm:px-12">
        <div className="pointer-events-none absolute -right-20 -bottom-24 size-72 rounded-full bg-rose-400/30 blur-3xl" />
        <h2 className="relative text-3xl font-semibold text-white sm:text-4xl">{heading}</h2>
        <p className="relative mx-auto mt-3 max-w-xl text-velvet-100/90">{text}</p>
        <div className="relative mt-8">
          <JoinLink>{action}</JoinLink>
        </div>
        <SmallPrint className="relative mt-6 text-white/60" />
      </div>
    </section>
  );
}

/** Spec §1: adults only, and most profiles are fictional: said wherever we invite people in. */
export function SmallPrint({ className = "text-muted" }: { className?: string }) {
  return (
    <p className={`text-xs ${className}`}>
      18+ only. Velvet Hearts is a fantasy chat service for entertainment; most profiles are fictional.
    </p>
  );
}

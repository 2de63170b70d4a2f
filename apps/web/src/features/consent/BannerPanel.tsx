import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { closeConsentSettings, consentState, saveConsent } from "../../lib/consent";
import { removePrerenderedBanner } from "./prerendered-banner";

const purposes = [
  {
    key: "statistics",
    title: "Statistics",
    text: "Which menus and buttons are used, and a device identifier that recognises this browser, to improve the site and spot abuse.",
  },
  {
    key: "marketing",
    title: "Marketing",
    text: "Which ad or partner link brought you here, so we know which campaigns work.",
  },
] as const;

/**
 * The cookie banner: on the first visit (no choice stored yet) and when the footer's "Cookie settings" reopens it.
 * Fixed to the bottom of the viewport over the page, never in its flow, so showing or closing it moves no content
 * (no layout shift). Not a modal: the page stays usable and essential cookies are all that run meanwhile.
 */
export default function BannerPanel({
  settingsOpen,
  staticCopy = false,
}: {
  settingsOpen: boolean;
  /**
   * The build's copy for the page's HTML (build/render-consent-banner.tsx): its buttons are disabled, so a tap before
   * the scripts have run is visibly not taken rather than silently lost. React's banner, enabled, takes its place.
   */
  staticCopy?: boolean;
}) {
  const stored = consentState().choice;
  const [detailed, setDetailed] = useState(settingsOpen);
  const [choices, setChoices] = useState({
    statistics: stored?.statistics ?? false,
    marketing: stored?.marketing ?? false,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // Before the browser paints this banner, the server's copy of it goes: never two, never a gap.
  useLayoutEffect(removePrerenderedBanner, []);
  const headingId = useId();
  // Reopened from the footer: the keyboard user lands on the banner rather than at the end of the page.
  useEffect(() => {
    if (settingsOpen) heading.current?.focus();
  }, [settingsOpen]);

  return (
    <section
      aria-labelledby={headingId}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-h-[calc(100dvh-1.5rem)] max-w-3xl overflow-y-auto overscroll-contain rounded-3xl border border-velvet-100 bg-white p-4 text-ink shadow-lift sm:inset-x-6 sm:bottom-6 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="font-display text-lg font-semibold text-velvet-950">
          Your privacy, your choice
        </h2>
        {settingsOpen && stored ? (
          <button
            type="button"
            onClick={closeConsentSettings}
            aria-label="Close cookie settings"
            className="grid size-8 shrink-0 place-items-center rounded-full text-velvet-700 hover:bg-velvet-50"
          >
            <svg
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
      <p className="mt-2 text-sm leading-relaxed text-muted">
        We use essential cookies to keep you signed in and the site secure. With your consent we also measure how the
        site is used and which campaigns bring visitors. You can change this at any time under "Cookie settings" at the
        bottom of every page.{" "}
        <Link to="/privacy" className="font-semibold text-velvet-700 underline decoration-dotted">
          Privacy policy
        </Link>
      </p>
      {detailed ? (
        <fieldset className="mt-4 space-y-3">
          <legend className="sr-only">Choose which cookies to allow</legend>
          <label className="flex gap-3 rounded-2xl bg-velvet-50 p-3 text-sm">
            <input type="checkbox" checked disabled className="mt-0.5 size-4 shrink-0 accent-rose-500" />
            <span>
              <span className="block font-semibold text-velvet-950">Essential (always on)</span>
              <span className="text-muted">Sign-in, security and remembering this choice.</span>
            </span>
          </label>
          {purposes.map((purpose) => (
            <label key={purpose.key} className="flex gap-3 rounded-2xl border border-velvet-100 p-3 text-sm">
              <input
                type="checkbox"
                checked={choices[purpose.key]}
                onChange={(event) => setChoices((current) => ({ ...current, [purpose.key]: event.target.checked }))}
                className="mt-0.5 size-4 shrink-0 accent-rose-500"
              />
              <span>
                <span className="block font-semibold text-velvet-950">{purpose.title}</span>
                <span className="text-muted">{purpose.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {/* Refusing is as easy as accepting: the two sit side by side, the same size, on every screen. */}
      <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
        {detailed ? (
          <button
            type="button"
            onClick={() => saveConsent(choices)}
            className="btn-outline order-last col-span-2 sm:order-none sm:col-auto"
          >
            Save my choices
          </button>
        ) : (
          <button
            type="button"
            disabled={staticCopy}
            onClick={() => setDetailed(true)}
            className="btn-outline order-last col-span-2 sm:order-none sm:col-auto"
          >
            Choose
          </button>
        )}
        <button
          type="button"
          disabled={staticCopy}
          onClick={() => saveConsent({ statistics: false, marketing: false })}
          className="btn-outline"
        >
          Essential only
        </button>
        <button
          type="button"
          disabled={staticCopy}
          onClick={() => saveConsent({ statistics: true, marketing: true })}
          className="btn-primary"
        >
          Accept all
        </button>
      </div>
    </section>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import { useAuthStore } from "../auth";
import { PresentBox, popupKey, promoEventLabels, promoOffer } from "../promotions";
import { popupDismissButton, trackClick } from "../tracking";
import { creditKeys, fetchCreditShelf } from "./credit-api";

/** How long the promotion popup stays unless closed sooner. */
const POPUP_LIFETIME_MS = 10_000;
const POPUP_DELAY_MS = 1_500;

/** A thin bar that empties over the popup's 10 seconds. */
function LifetimeBar() {
  const [draining, setDraining] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setDraining(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div
      className={`h-1 bg-rose-400/80 transition-[width] duration-[10000ms] ease-linear ${draining ? "w-0" : "w-full"}`}
    />
  );
}

/**
 * The event's popup (spec §1: 'up to 2500 credits', '+1000 credits' with a present box): once per
 * event, promising only what the priced shelf gives. Loaded on demand, with the shelf's schemas.
 */
export default function SeasonalPopup({ eventName }: { eventName: keyof typeof promoEventLabels }) {
  const uuid = useAuthStore((state) => state.user?.uuid ?? null);
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(false);
  const shelf = useQuery({ queryKey: creditKeys.shelf(uuid), queryFn: fetchCreditShelf, staleTime: 60_000 });
  const offer = shelf.data?.meta.promotion ? promoOffer(shelf.data.meta.promotion, shelf.data.data) : null;

  useEffect(() => {
    if (!offer || closed) return;
    const show = setTimeout(() => {
      setOpen(true);
      try {
        window.localStorage.setItem(popupKey(eventName), new Date().toISOString());
      } catch {
        // Private mode: the popup may come back next time, which is harmless.
      }
    }, POPUP_DELAY_MS);
    return () => clearTimeout(show);
  }, [offer, closed, eventName]);

  useEffect(() => {
    if (!open) return;
    const hide = setTimeout(() => setClosed(true), POPUP_LIFETIME_MS);
    return () => clearTimeout(hide);
  }, [open]);

  if (!offer || !open || closed) return null;
  // Into <body>: the navbar's backdrop blur would otherwise pin a fixed card to the navbar instead of the screen.
  return createPortal(
    <aside
      aria-label={`${promoEventLabels[eventName]} offer`}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-sm overflow-hidden rounded-3xl bg-gradient-to-br from-velvet-950 via-velvet-900 to-velvet-700 text-white shadow-lift ring-1 ring-white/10 sm:inset-x-auto sm:left-5 sm:bottom-5"
    >
      <div className="flex items-center gap-3 p-4 pr-10">
        <PresentBox credits={offer.present} className="size-24 shrink-0 drop-shadow-xl" />
        <div className="min-w-0">
          <p className="text-xs font-bold tracking-widest text-rose-200 uppercase">{promoEventLabels[eventName]}</p>
          <p className="mt-0.5 font-display text-2xl leading-tight font-semibold">{offer.headline}</p>
          <p className="mt-1 text-sm text-velvet-100/85">{offer.detail}</p>
          <Link to="/credits/package" onClick={() => setClosed(true)} className="btn-primary mt-3 px-4 py-2 text-sm">
            See the offer
          </Link>
        </div>
      </div>
      <button
        type="button"
        onClick={() => {
          void trackClick("popup", popupDismissButton(window.innerWidth), "closed");
          setClosed(true);
        }}
        className="absolute top-2.5 right-2.5 grid size-8 place-items-center rounded-full text-white/70 transition hover:bg-white/10 hover:text-white"
        aria-label="Close offer"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
        </svg>
      </button>
      <LifetimeBar />
    </aside>,
    document.body,
  );
}

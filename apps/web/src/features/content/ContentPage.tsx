import { useQuery } from "@tanstack/react-query";
import type { TStaticPage, TStaticPageSlug } from "@velvet/shared/api/content";
import { Link, useLocation } from "react-router";
import { notFoundMessage } from "../../app/ErrorPages";
import { ApiError } from "../../lib/api-client";
import { clientConfig } from "../../lib/client-config";
import { contentKeys, fetchStaticPage, slugByPath } from "./content-api";
import { RichContent } from "./RichContent";
import { useDocumentMeta } from "./use-document-meta";

const eyebrows: Record<TStaticPageSlug, string> = {
  faq: "Help centre",
  "terms-of-use": "Legal",
  privacy: "Legal",
  "2257-notice": "Legal",
  affiliates: "Partners",
  "no-affiliate": "Adults-only chat in Australia",
};

function PageHeader({ eyebrow, title, lead }: { eyebrow: string; title: string; lead?: string }) {
  return (
    <header className="relative -mt-16 overflow-hidden bg-gradient-to-br from-velvet-950 via-velvet-900 to-velvet-700 pt-16 text-white">
      <div className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-rose-500/25 blur-3xl" />
      <div className="pointer-events-none absolute -bottom-32 -left-16 size-72 rounded-full bg-velvet-400/20 blur-3xl" />
      <div className="page-container relative py-12 sm:py-16">
        <p className="text-xs font-bold tracking-widest text-rose-300 uppercase">{eyebrow}</p>
        <h1 id="content-page-title" className="mt-3 max-w-3xl text-4xl font-semibold text-balance sm:text-5xl">
          {title}
        </h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-velvet-100/85">{lead}</p> : null}
      </div>
    </header>
  );
}

function HelpCard() {
  const supportEmail = clientConfig().supportEmail;
  return (
    <aside aria-label="Need help?" className="card p-6">
      <h2 className="text-xl font-semibold text-velvet-900">Still have a question?</h2>
      <p className="mt-2 text-sm text-muted">Our support team answers every message, usually within one working day.</p>
      <div className="mt-5 flex flex-col gap-2.5">
        <Link to="/contact-us" className="btn-primary">
          Contact us
        </Link>
        <Link to="/report-abuse" className="btn-outline">
          Report abuse
        </Link>
      </div>
      <p className="mt-5 text-sm text-muted">
        Or email
        <a
          href={`mailto:${supportEmail}`}
          className="block font-medium [overflow-wrap:anywhere] text-velvet-600 hover:text-rose-600"
        >
          {supportEmail}
        </a>
      </p>
    </aside>
  );
}

function JoinCard() {
  return (
    <aside
      aria-label="Join free"
      className="relative overflow-hidden rounded-card bg-gradient-to-br from-velvet-900 to-velvet-700 p-6 text-white shadow-lift"
    >
      <div className="pointer-events-none absolute -right-10 -bottom-14 size-44 rounded-full bg-rose-500/30 blur-3xl" />
      <h2 className="relative text-2xl font-semibold">Ready to flirt?</h2>
      <p className="relative mt-2 text-sm text-velvet-100/85">Free to join, 18+ only. It takes less than a minute.</p>
      <Link to="/register" className="btn-primary relative mt-5 w-full py-3">
        Create your free account
      </Link>
    </aside>
  );
}

function Article({ page }: { page: TStaticPage }) {
  // The FAQ's sections are cards of their own; the other pages read as one document on a card.
  const framed = page.slug !== "faq";
  return (
    <div className="page-container grid gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <article aria-labelledby="content-page-title" className={framed ? "card px-5 py-7 sm:px-10 sm:py-10" : ""}>
        <RichContent html={page.content} />
      </article>
      <div className="lg:sticky lg:top-24">{page.slug === "no-affiliate" ? <JoinCard /> : <HelpCard />}</div>
    </div>
  );
}

function LoadingState({ eyebrow }: { eyebrow: string }) {
  return (
    <div aria-busy="true">
      <header className="-mt-16 bg-gradient-to-br from-velvet-950 via-velvet-900 to-velvet-700 pt-16">
        <div className="page-container py-12 sm:py-16">
          <p className="text-xs font-bold tracking-widest text-rose-300 uppercase">{eyebrow}</p>
          <div className="mt-4 h-10 w-2/3 max-w-md animate-pulse rounded-xl bg-white/15" />
          <div className="mt-5 h-5 w-full max-w-xl animate-pulse rounded-lg bg-white/10" />
        </div>
      </header>
      <div className="page-container py-10 sm:py-14">
        <div className="card max-w-3xl space-y-4 p-8" role="status">
          <span className="sr-only">Loading the page…</span>
          {["w-11/12", "w-full", "w-5/6", "w-full", "w-2/3", "w-4/5"].map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholder lines.
            <div key={index} className={`h-4 animate-pulse rounded bg-velvet-100 ${width}`} />
          ))}
        </div>
      </div>
    </div>
  );
}

function ProblemState({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  return (
    <section className="page-container flex justify-center py-16 sm:py-24">
      <div className="card w-full max-w-lg p-8 text-center sm:p-10">
        <div className="mx-auto grid size-16 place-items-center rounded-full bg-velvet-50 text-3xl" aria-hidden="true">
          {notFound ? "🔍" : "⚡"}
        </div>
        <h1 className="mt-5 text-2xl font-semibold text-velvet-900">
          {notFound ? notFoundMessage : "We couldn't load this page"}
        </h1>
        <p className="mt-3 text-muted">
          {notFound
            ? "It may have moved. The help centre and our support team are a click away."
            : "Please check your connection and try again."}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {notFound ? (
            <Link to="/faq" className="btn-outline">
              Visit the FAQ
            </Link>
          ) : (
            <button type="button" className="btn-outline" onClick={onRetry}>
              Try again
            </button>
          )}
          <Link to="/" className="btn-primary">
            Back to home
          </Link>
        </div>
      </div>
    </section>
  );
}

/** /faq, /terms-of-use, /privacy, /2257-notice, /affiliates and /no-affiliate: a static page record (spec §3). */
export default function ContentPage() {
  const { pathname } = useLocation();
  const slug = slugByPath[pathname.replace(/\/+$/, "")] ?? "faq";
  const query = useQuery({
    queryKey: contentKeys.page(slug),
    queryFn: ({ signal }) => fetchStaticPage(slug, signal),
    staleTime: 5 * 60_000,
    // A missing page stays missing; anything else is worth one more try.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
  const page = query.data;
  useDocumentMeta(page ? { title: page.meta_title, description: page.meta_description } : undefined);

  if (query.isPending) return <LoadingState eyebrow={eyebrows[slug]} />;
  if (!page) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <ProblemState notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      <PageHeader eyebrow={eyebrows[slug]} title={page.title} lead={page.meta_description} />
      <Article page={page} />
    </>
  );
}

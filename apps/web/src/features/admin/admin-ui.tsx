import type { ReactNode } from "react";
import { ApiError } from "../../lib/api-client";

/** The server's own words for a refusal (they are written for people), or a generic line. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}

export function SectionHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="font-display text-2xl font-semibold text-velvet-950 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A section's page: the same gutters and rhythm everywhere. */
export function SectionPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl space-y-5 p-4 sm:p-6">{children}</div>;
}

export function Panel({
  title,
  actions,
  children,
  className = "",
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-velvet-100 ${className}`}
    >
      {title ? (
        <div className="flex items-center justify-between gap-3 border-b border-velvet-100 px-4 py-3">
          <h2 className="font-sans text-xs font-bold tracking-wider text-velvet-900 uppercase">{title}</h2>
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

const pillTones = {
  neutral: "bg-velvet-50 text-velvet-700 ring-velvet-200",
  good: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warn: "bg-amber-50 text-amber-800 ring-amber-200",
  bad: "bg-rose-50 text-rose-700 ring-rose-200",
} as const;

export function Pill({ tone = "neutral", children }: { tone?: keyof typeof pillTones; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-pill px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap ring-1 ${pillTones[tone]}`}
    >
      {children}
    </span>
  );
}

/** What a list shows while loading, when it failed, or when it is empty. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
}) {
  if (loading) return <p className="px-4 py-6 text-sm text-muted">Loading…</p>;
  if (error)
    return (
      <p role="alert" className="px-4 py-6 text-sm font-medium text-danger">
        {errorMessage(error)}
      </p>
    );
  if (empty) return <p className="px-4 py-6 text-sm text-muted">{emptyText}</p>;
  return null;
}

export const adminInputClass =
  "w-full rounded-lg border border-velvet-200 bg-white px-3 py-2 text-sm text-ink outline-none transition placeholder:text-muted/60 focus:border-rose-400 focus:ring-2 focus:ring-rose-100";

export const adminButtonClass =
  "inline-flex items-center justify-center gap-1.5 rounded-lg bg-velvet-900 px-3.5 py-2 text-sm font-semibold text-white transition hover:bg-velvet-800 disabled:cursor-not-allowed disabled:opacity-50";

export const adminSecondaryButtonClass =
  "inline-flex items-center justify-center gap-1.5 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-velvet-800 ring-1 ring-velvet-200 transition hover:bg-velvet-50 disabled:cursor-not-allowed disabled:opacity-50";

export const adminDangerButtonClass =
  "inline-flex items-center justify-center gap-1.5 rounded-lg bg-danger px-3.5 py-2 text-sm font-semibold text-white transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50";

/** A labelled control with its error, compact for the console's dense forms. */
export function AdminField({
  label,
  error,
  hint,
  children,
  htmlFor,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-xs font-semibold text-velvet-900">
        {label}
      </label>
      {children}
      {error ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted">{hint}</p>
      ) : null}
    </div>
  );
}

/** Previous / next under a paged list; hidden when everything fits on one page. */
export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage(page: number): void }) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between border-t border-velvet-100 px-4 py-2 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={adminSecondaryButtonClass}>
        Previous
      </button>
      <span className="text-muted">
        Page {page} of {lastPage}
      </span>
      <button
        type="button"
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
        className={adminSecondaryButtonClass}
      >
        Next
      </button>
    </nav>
  );
}

/** Tabs that filter a list (by status); the choice lives in the address so Back and reload keep it. */
export function FilterTabs<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onChange(value: Value): void;
}) {
  return (
    <fieldset className="flex w-fit max-w-full gap-1 overflow-x-auto rounded-xl bg-white p-1 ring-1 ring-velvet-100">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`shrink-0 rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition ${
            option.value === value ? "bg-velvet-900 text-white" : "text-velvet-800 hover:bg-velvet-50"
          }`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/** A wide table that scrolls sideways on a phone; focusable so a keyboard can scroll it too (axe). */
export function ScrollArea({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard scrolling.
    <section tabIndex={0} aria-label={label} className="overflow-x-auto focus-visible:outline-2">
      {children}
    </section>
  );
}

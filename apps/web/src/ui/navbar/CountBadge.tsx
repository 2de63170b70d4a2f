import { badgeLabel, badgeWords, type MemberLink } from "./member-menu";

/**
 * A small count beside a menu entry. Hidden from assistive technology: the
 * entry's own name says the count in words.
 */
export function CountBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`grid h-[1.15rem] min-w-[1.15rem] place-items-center rounded-pill bg-rose-500 px-1 text-[10px] leading-none font-bold text-white tabular-nums ${className}`}
    >
      {badgeLabel(count)}
    </span>
  );
}

/** A menu entry's badge: the figure to see, and the same in words for a screen reader. */
export function EntryBadge({ link, count, className }: { link: MemberLink; count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="sr-only">{badgeWords(link, count)}</span>
      <CountBadge count={count} className={className} />
    </>
  );
}

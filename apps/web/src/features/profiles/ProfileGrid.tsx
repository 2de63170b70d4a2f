import type { TProfileCard } from "@velvet/shared/api/profiles";
import { type ReactNode, useEffect, useRef } from "react";
import { ProfileCard, ProfileCardSkeleton } from "./ProfileCard";

interface ProfileGridProps {
  profiles: TProfileCard[];
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onRetry(): void;
  empty: ReactNode;
}

/** Fixed names for placeholder cards: they have no identity of their own. */
const SKELETONS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];

/** The widest row (four columns from 1024 px): the cards whose photos are on screen when the page opens. */
const FIRST_ROW_CARDS = 4;

/** Cards in a responsive grid with infinite scroll, and designed loading, empty and error states. */
export function ProfileGrid({
  profiles,
  loading,
  error,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
  empty,
}: ProfileGridProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !loadingMore) onLoadMore();
      },
      { rootMargin: "600px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  const grid = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";
  if (loading) {
    return (
      <div className={grid} aria-busy="true">
        {SKELETONS.map((key) => (
          <ProfileCardSkeleton key={key} />
        ))}
      </div>
    );
  }
  if (error && profiles.length === 0) {
    return (
      <div className="card p-10 text-center">
        <p className="font-semibold text-velvet-900">We couldn't load profiles just now.</p>
        <button type="button" className="btn-primary mt-4" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (profiles.length === 0) return <div className="card p-10 text-center text-muted">{empty}</div>;
  return (
    <>
      <div className={grid}>
        {profiles.map((profile, index) => (
          <ProfileCard key={profile.uuid} profile={profile} firstRow={index < FIRST_ROW_CARDS} />
        ))}
        {loadingMore ? SKELETONS.slice(0, 4).map((key) => <ProfileCardSkeleton key={`more-${key}`} />) : null}
      </div>
      <div ref={sentinel} className="h-4" />
    </>
  );
}

import { useEffect, useState } from "react";
import { useAuthStore } from "../auth";
import { CardList } from "./CardListPage";

type Tab = "liked_me" | "winked_me";

const tabs: ReadonlyArray<{ tab: Tab; label: string; count: "new_likes_count" | "new_winks_count" }> = [
  { tab: "liked_me", label: "Liked me", count: "new_likes_count" },
  { tab: "winked_me", label: "Winked at me", count: "new_winks_count" },
];

/** "Likes you": who liked or winked at the member, newest first, beside favorites and visitors. */
export default function LikesYouPage() {
  const [tab, setTab] = useState<Tab>("liked_me");
  const user = useAuthStore((state) => state.user);
  // Opening a tab clears its new count on the server; refresh the navbar's copy once the list has loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each tab opened clears its own count, so a tab change is the trigger.
  useEffect(() => {
    const timer = setTimeout(() => void useAuthStore.getState().fetchUser(), 500);
    return () => clearTimeout(timer);
  }, [tab]);
  const tabClass = (active: boolean) =>
    `inline-flex items-center gap-2 rounded-pill px-4 py-2 text-sm font-semibold transition ${active ? "bg-velvet-900 text-white" : "text-velvet-700 hover:bg-velvet-50"}`;
  return (
    <div className="page-container py-6 sm:py-10">
      <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">Likes you</h1>
      <p className="mt-1 text-muted">Members who liked your profile or winked at you, most recent first.</p>
      <div className="my-6 inline-flex gap-1 rounded-pill bg-white p-1 shadow-card" role="tablist">
        {tabs.map((entry) => {
          const count = tab === entry.tab ? 0 : (user?.[entry.count] ?? 0);
          return (
            <button
              key={entry.tab}
              type="button"
              role="tab"
              aria-selected={tab === entry.tab}
              className={tabClass(tab === entry.tab)}
              onClick={() => setTab(entry.tab)}
            >
              {entry.label}
              {count > 0 ? (
                <span className="rounded-pill bg-rose-500 px-1.5 text-xs text-white">
                  {count}
                  <span className="sr-only"> new</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <section aria-label="Profiles">
        <CardList
          key={tab}
          path="/my-likes"
          params={{ tab }}
          queryKey={["likes-you", tab]}
          empty={
            tab === "liked_me"
              ? "No likes yet. A friendly headline and a clear photo get members' attention."
              : "No winks yet. Wink at someone you like: many wink back."
          }
        />
      </section>
    </div>
  );
}

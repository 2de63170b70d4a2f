import { useState } from "react";
import { useAuthStore } from "../auth";
import { CardList } from "./CardListPage";

export default function MyFavoritesPage() {
  const [tab, setTab] = useState<"mine" | "favorited_me">("mine");
  const open = (next: "mine" | "favorited_me") => {
    setTab(next);
    // The server clears the unread count when this tab is opened; reflect it in the navbar.
    if (next === "favorited_me") void useAuthStore.getState().fetchUser();
  };
  const tabClass = (active: boolean) =>
    `rounded-pill px-4 py-2 text-sm font-semibold transition ${active ? "bg-velvet-900 text-white" : "text-velvet-700 hover:bg-velvet-50"}`;
  return (
    <div className="page-container py-6 sm:py-10">
      <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">My favorites</h1>
      <div className="my-6 inline-flex gap-1 rounded-pill bg-white p-1 shadow-card" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "mine"}
          className={tabClass(tab === "mine")}
          onClick={() => open("mine")}
        >
          My favorites
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "favorited_me"}
          className={tabClass(tab === "favorited_me")}
          onClick={() => open("favorited_me")}
        >
          Favorited me
        </button>
      </div>
      <CardList
        key={tab}
        path="/my-favorites"
        params={{ tab }}
        queryKey={["favorites", tab]}
        empty={
          tab === "mine"
            ? "Tap Favorite on a profile to keep it here."
            : "Nobody has favorited you yet. A great photo helps!"
        }
      />
    </div>
  );
}

import { useEffect } from "react";
import { useAuthStore } from "../auth";
import { CardList } from "./CardListPage";

export default function MyVisitorsPage() {
  // Opening the page clears the new-visitors count on the server; refresh the navbar's copy.
  useEffect(() => {
    const timer = setTimeout(() => void useAuthStore.getState().fetchUser(), 500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="page-container py-6 sm:py-10">
      <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">My visitors</h1>
      <p className="mt-1 mb-6 text-muted">Who looked at your profile, most recent first.</p>
      <CardList
        path="/my-visitors"
        params={{}}
        queryKey={["visitors"]}
        empty="No visitors yet. Complete your profile and add a photo to get noticed."
      />
    </div>
  );
}

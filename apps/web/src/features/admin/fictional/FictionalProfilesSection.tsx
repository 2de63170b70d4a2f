import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "../../../ui/toast";
import { SectionPage } from "../admin-ui";
import { FictionalProfileEditor } from "./FictionalProfileEditor";
import { FictionalProfileForm } from "./FictionalProfileForm";
import { createFictionalProfile, fetchFictionalProfiles, fictionalKeys } from "./fictional-api";
import { describeHours } from "./schedule";

/** Admin: fictional profiles: find, create, edit, photos, schedule and operators. */
export default function FictionalProfilesSection() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState({ q: "", page: 1 });
  // null: the list alone; "new": the create form; a uuid: that profile's editor.
  const [open, setOpen] = useState<string | null>(null);

  // Searching as the admin types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => setQuery({ q: search.trim(), page: 1 }), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const list = useQuery({
    queryKey: fictionalKeys.list(query),
    queryFn: () => fetchFictionalProfiles(query),
    placeholderData: keepPreviousData,
  });
  const meta = list.data?.meta;

  return (
    <SectionPage>
      <section aria-labelledby="admin-fictional-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="admin-fictional-title" className="font-display text-2xl font-semibold text-velvet-950 sm:text-3xl">
            Fictional profiles <span className="text-sm font-normal text-muted">({meta?.total ?? "…"})</span>
          </h1>
          <div className="flex flex-1 items-center justify-end gap-2">
            <label className="w-full max-w-xs">
              <span className="sr-only">Search by username</span>
              <input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Search by username"
                className="w-full rounded-pill border border-velvet-200 bg-white px-3 py-1.5 text-sm"
              />
            </label>
            <button type="button" className="btn-primary shrink-0 px-4 py-2 text-xs" onClick={() => setOpen("new")}>
              New profile
            </button>
          </div>
        </div>

        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
          <div className="space-y-2">
            {list.isError ? (
              <p role="alert" className="text-sm text-danger">
                Could not load the profiles.
              </p>
            ) : null}
            <ul className="divide-y divide-velvet-100 overflow-hidden rounded-card bg-white shadow-card">
              {list.data?.data.length === 0 ? <li className="p-4 text-sm text-muted">No profiles found.</li> : null}
              {list.data?.data.map((profile) => (
                <li key={profile.uuid}>
                  <button
                    type="button"
                    onClick={() => setOpen(profile.uuid)}
                    className={`flex w-full items-center gap-3 px-3 py-2.5 text-left text-sm transition hover:bg-cream-50 ${
                      open === profile.uuid ? "bg-velvet-50" : ""
                    }`}
                  >
                    <span className="relative shrink-0">
                      <img src={profile.thumb_url} alt="" className="size-10 rounded-full object-cover" />
                      {profile.online_now ? (
                        <span className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-white" />
                      ) : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-1.5">
                        <span
                          className={`truncate font-semibold ${profile.deactivated_at ? "text-muted line-through" : "text-ink"}`}
                        >
                          {profile.username}
                        </span>
                        <span className="text-xs text-muted">
                          {profile.age ?? "–"} · {profile.city}
                        </span>
                      </span>
                      <span className="block truncate text-xs text-muted">
                        Online {describeHours(profile.online_hours)} ·{" "}
                        {profile.operators.length === 0
                          ? "any operator"
                          : profile.operators.map((operator) => operator.username).join(", ")}
                      </span>
                    </span>
                    <span className="shrink-0 text-right text-[11px] text-muted">
                      <span className={profile.waiting_count > 0 ? "font-semibold text-rose-700" : ""}>
                        {profile.waiting_count} waiting
                      </span>
                      <br />
                      {profile.conversations_count} chats
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {meta && meta.last_page > 1 ? (
              <div className="flex items-center justify-between text-xs">
                <button
                  type="button"
                  className="btn-outline px-3 py-1 text-xs"
                  disabled={meta.current_page <= 1}
                  onClick={() => setQuery((current) => ({ ...current, page: current.page - 1 }))}
                >
                  Previous
                </button>
                <span className="text-muted">
                  Page {meta.current_page} of {meta.last_page}
                </span>
                <button
                  type="button"
                  className="btn-outline px-3 py-1 text-xs"
                  disabled={meta.current_page >= meta.last_page}
                  onClick={() => setQuery((current) => ({ ...current, page: current.page + 1 }))}
                >
                  Next
                </button>
              </div>
            ) : null}
          </div>

          {open ? (
            <div className="rounded-card bg-white p-4 shadow-card">
              {open === "new" ? (
                <div className="space-y-3">
                  <h3 className="font-display text-lg font-semibold text-velvet-900">New fictional profile</h3>
                  <FictionalProfileForm
                    profile={null}
                    onCancel={() => setOpen(null)}
                    onSave={async (values) => {
                      const created = await createFictionalProfile(values);
                      queryClient.setQueryData(fictionalKeys.detail(created.uuid), created);
                      void queryClient.invalidateQueries({ queryKey: ["admin", "fictional", "list"] });
                      toast.success("Profile created: add photos and a schedule");
                      setOpen(created.uuid);
                    }}
                  />
                </div>
              ) : (
                <FictionalProfileEditor key={open} uuid={open} onClose={() => setOpen(null)} />
              )}
            </div>
          ) : null}
        </div>
      </section>
    </SectionPage>
  );
}

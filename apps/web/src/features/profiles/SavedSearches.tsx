import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TSearchPreferences } from "@velvet/shared/api/profiles";
import { SAVED_SEARCH_LIMIT } from "@velvet/shared/constants/search";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api-client";
import { CloseIcon } from "../../ui/icons";
import { toast } from "../../ui/toast";
import { deleteSavedSearch, savedSearchesKey, saveSearch } from "./profile-api";
import { type SearchParams, searchHref } from "./search-params";

function problemOf(error: unknown): string {
  if (error instanceof ApiError) return error.errors.name?.[0] ?? Object.values(error.errors)[0]?.[0] ?? error.message;
  return "Please try again.";
}

/** "Save this search" and the member's saved searches (up to five), each a link that runs it again. */
export function SavedSearches({ params, saved }: { params: SearchParams; saved: TSearchPreferences["saved"] }) {
  const queryClient = useQueryClient();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const stored = (preferences: TSearchPreferences) => queryClient.setQueryData(savedSearchesKey, preferences);

  const save = useMutation({
    mutationFn: () => saveSearch(name, params),
    onSuccess: (preferences) => {
      stored(preferences);
      toast.success(`Search saved as “${name.trim()}”.`);
      setNaming(false);
      setName("");
      setProblem(null);
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const remove = useMutation({
    mutationFn: (entry: { id: string; name: string }) => deleteSavedSearch(entry.id),
    onSuccess: (preferences, entry) => {
      stored(preferences);
      toast.success(`Saved search “${entry.name}” deleted.`);
    },
    onError: (error) => toast.error(problemOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <div className="space-y-3 border-b border-velvet-100 pb-4 text-sm">
      {naming ? (
        <form onSubmit={submit} className="space-y-2" aria-label="Save this search">
          <label className="block space-y-1.5">
            <span className="font-semibold text-velvet-900">Name this search</span>
            <input
              className="w-full rounded-xl border border-velvet-200 bg-white px-3 py-2.5 text-sm focus:border-rose-400 focus:outline-none"
              value={name}
              maxLength={40}
              // biome-ignore lint/a11y/noAutofocus: the member just asked to name the search.
              autoFocus
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          {problem ? <p className="text-xs font-medium text-danger">{problem}</p> : null}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1 px-3 py-2" disabled={save.isPending}>
              Save
            </button>
            <button
              type="button"
              className="btn-outline flex-1 px-3 py-2"
              onClick={() => {
                setNaming(false);
                setProblem(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-outline w-full py-2" onClick={() => setNaming(true)}>
          Save this search
        </button>
      )}
      {saved.length > 0 ? (
        <section aria-label="Saved searches">
          <h3 className="mb-1.5 font-semibold text-velvet-900">
            Saved searches{" "}
            <span className="font-normal text-muted">
              ({saved.length}/{SAVED_SEARCH_LIMIT})
            </span>
          </h3>
          <ul className="space-y-1">
            {saved.map((entry) => (
              <li key={entry.id} className="flex items-center gap-1">
                <Link
                  to={searchHref(entry.params)}
                  className="min-w-0 flex-1 truncate rounded-lg px-2 py-1.5 font-medium text-velvet-800 hover:bg-velvet-50"
                >
                  {entry.name}
                </Link>
                <button
                  type="button"
                  className="rounded-lg p-1.5 text-muted hover:bg-velvet-50 hover:text-danger"
                  aria-label={`Delete saved search ${entry.name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(entry)}
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

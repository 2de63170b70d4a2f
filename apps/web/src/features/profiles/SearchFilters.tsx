import { australianStates } from "@velvet/shared/constants/australia";
import type { SearchFilters } from "./profile-api";

const selectClass =
  "w-full rounded-xl border border-velvet-200 bg-white px-3 py-2.5 text-sm focus:border-rose-400 focus:outline-none";

export function SearchFiltersForm({ value, onChange }: { value: SearchFilters; onChange(next: SearchFilters): void }) {
  const set = (patch: Partial<SearchFilters>) => onChange({ ...value, ...patch });
  const ages = Array.from({ length: 83 }, (_, index) => 18 + index);
  return (
    <div className="space-y-4 text-sm">
      <label className="block space-y-1.5">
        <span className="font-semibold text-velvet-900">Show me</span>
        <select
          className={selectClass}
          value={value.gender ?? ""}
          onChange={(event) => set({ gender: (event.target.value || undefined) as SearchFilters["gender"] })}
        >
          <option value="">Who I'm looking for</option>
          <option value="female">Women</option>
          <option value="male">Men</option>
        </select>
      </label>
      <div className="grid grid-cols-2 gap-2">
        <label className="space-y-1.5">
          <span className="font-semibold text-velvet-900">Age from</span>
          <select
            className={selectClass}
            value={value.age_min ?? ""}
            onChange={(event) => set({ age_min: event.target.value ? Number(event.target.value) : undefined })}
          >
            <option value="">18</option>
            {ages.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1.5">
          <span className="font-semibold text-velvet-900">to</span>
          <select
            className={selectClass}
            value={value.age_max ?? ""}
            onChange={(event) => set({ age_max: event.target.value ? Number(event.target.value) : undefined })}
          >
            <option value="">100</option>
            {ages.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="block space-y-1.5">
        <span className="font-semibold text-velvet-900">State</span>
        <select
          className={selectClass}
          value={value.state ?? ""}
          onChange={(event) =>
            set({ state: (event.target.value || undefined) as SearchFilters["state"], city: undefined })
          }
        >
          <option value="">All of Australia</option>
          {australianStates.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block space-y-1.5">
        <span className="font-semibold text-velvet-900">Sort by</span>
        <select
          className={selectClass}
          value={value.sort ?? "last_active"}
          onChange={(event) => set({ sort: event.target.value as SearchFilters["sort"] })}
        >
          <option value="last_active">Recently active</option>
          <option value="newest">Newest members</option>
          <option value="distance">Near me first</option>
        </select>
      </label>
      {(
        [
          ["online", "Online now"],
          ["with_photo", "With photo"],
          ["new_members", "New members"],
        ] as const
      ).map(([key, label]) => (
        <label key={key} className="flex items-center gap-3">
          <input
            type="checkbox"
            className="size-4 accent-rose-500"
            checked={Boolean(value[key])}
            onChange={(event) => set({ [key]: event.target.checked })}
          />
          <span className="text-ink/85">{label}</span>
        </label>
      ))}
    </div>
  );
}

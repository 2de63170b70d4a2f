import { useState } from "react";
import { describeHours, toggleHour } from "./schedule";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** 24 toggles, one per hour of the site's day; saved as a whole. */
export function SchedulePicker({
  initial,
  saving,
  onSave,
}: {
  initial: readonly number[];
  saving: boolean;
  onSave(hours: number[]): void;
}) {
  const [hours, setHours] = useState<number[]>([...initial].sort((a, b) => a - b));
  const changed = hours.join(",") !== [...initial].sort((a, b) => a - b).join(",");
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-velvet-900">Online schedule (site time)</legend>
      <div className="grid grid-cols-6 gap-1 sm:grid-cols-12">
        {HOURS.map((hour) => {
          const on = hours.includes(hour);
          return (
            <button
              key={hour}
              type="button"
              aria-pressed={on}
              onClick={() => setHours(toggleHour(hours, hour))}
              className={`rounded-lg py-1.5 text-xs font-semibold tabular-nums ring-1 transition ${
                on
                  ? "bg-emerald-500 text-white ring-emerald-600"
                  : "bg-white text-muted ring-velvet-100 hover:bg-velvet-50"
              }`}
            >
              {hour.toString().padStart(2, "0")}
            </button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="text-muted">Online: {describeHours(hours)}</span>
        <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => setHours([...HOURS])}>
          All
        </button>
        <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => setHours([])}>
          None
        </button>
        <button
          type="button"
          className="btn-primary ml-auto px-3 py-1 text-xs"
          disabled={!changed || saving}
          onClick={() => onSave(hours)}
        >
          {saving ? "Saving…" : "Save schedule"}
        </button>
      </div>
    </fieldset>
  );
}

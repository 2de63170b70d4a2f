import { useQuery } from "@tanstack/react-query";
import type { TAssignedOperator } from "@velvet/shared/api/admin-fictional";
import { useState } from "react";
import { fetchAssignableOperators, fictionalKeys } from "./fictional-api";

/** Who answers the profile: none ticked means every operator does. */
export function OperatorsPicker({
  assigned,
  saving,
  onSave,
}: {
  assigned: readonly TAssignedOperator[];
  saving: boolean;
  onSave(operatorUuids: string[]): void;
}) {
  const operators = useQuery({ queryKey: fictionalKeys.operators, queryFn: fetchAssignableOperators });
  const initial = assigned.map((operator) => operator.uuid).sort();
  const [chosen, setChosen] = useState<string[]>(initial);
  const changed = [...chosen].sort().join(",") !== initial.join(",");
  const toggle = (uuid: string) =>
    setChosen((current) => (current.includes(uuid) ? current.filter((value) => value !== uuid) : [...current, uuid]));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-velvet-900">Operators</legend>
      <p className="text-xs text-muted">
        {chosen.length === 0
          ? "Answered by any operator."
          : "Only the ticked operators (and admins) see and answer this profile's conversations."}
      </p>
      <div className="flex max-h-40 flex-wrap gap-1.5 overflow-y-auto">
        {operators.data?.map((operator) => {
          const on = chosen.includes(operator.uuid);
          return (
            <label
              key={operator.uuid}
              className={`flex cursor-pointer items-center gap-1.5 rounded-pill px-2.5 py-1 text-xs ring-1 ${
                on ? "bg-velvet-600 text-white ring-velvet-700" : "bg-white text-ink ring-velvet-100"
              }`}
            >
              <input type="checkbox" className="sr-only" checked={on} onChange={() => toggle(operator.uuid)} />
              {operator.username}
            </label>
          );
        })}
        {operators.isError ? <span className="text-xs text-danger">Could not load the operators.</span> : null}
      </div>
      <button
        type="button"
        className="btn-primary px-3 py-1 text-xs"
        disabled={!changed || saving}
        onClick={() => onSave(chosen)}
      >
        {saving ? "Saving…" : "Save operators"}
      </button>
    </fieldset>
  );
}

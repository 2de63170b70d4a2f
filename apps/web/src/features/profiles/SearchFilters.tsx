import { australianStates } from "@velvet/shared/constants/australia";
import { bodyTypeOptions, lookingForOptions } from "@velvet/shared/constants/profile-options";
import type { FieldErrors } from "@velvet/shared/validation/field-errors";
import { useEffect, useId, useState } from "react";
import { useDebouncedValue } from "../messages";
import type { SearchParams } from "./search-params";

const controlClass =
  "w-full rounded-xl border border-velvet-200 bg-white px-3 py-2.5 text-sm focus:border-rose-400 focus:outline-none";

const ages = Array.from({ length: 83 }, (_, index) => String(18 + index));
const heights = Array.from({ length: 19 }, (_, index) => String(140 + index * 5));

interface FilterProps {
  value: SearchParams;
  errors: FieldErrors;
  set(patch: Record<string, string | undefined>): void;
}

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="text-xs font-medium text-danger">
      {messages[0]}
    </p>
  );
}

/** One select bound to one address-bar parameter; the empty option removes the parameter. */
function SelectFilter({
  name,
  label,
  empty,
  options,
  value,
  errors,
  set,
}: FilterProps & { name: string; label: string; empty: string; options: ReadonlyArray<[string, string]> }) {
  const id = useId();
  const errorId = `${id}-error`;
  // A label beside (not around) the select: wrapped, the selected option's text would join its name.
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block font-semibold text-velvet-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={controlClass}
        value={value[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? errorId : undefined}
        onChange={(event) => set({ [name]: event.target.value || undefined })}
      >
        <option value="">{empty}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={errorId} messages={errors[name]} />
    </div>
  );
}

/** Free text (username, interests): the search runs once the member stops typing, not on every key. */
function TextFilter({
  name,
  label,
  placeholder,
  value,
  errors,
  set,
}: FilterProps & { name: string; label: string; placeholder: string }) {
  const [text, setText] = useState(value[name] ?? "");
  const settled = useDebouncedValue(text, 500);
  const id = useId();
  const errorId = `${id}-error`;
  const current = value[name] ?? "";
  // The address changed under the field (Back, a saved search): show what it now says.
  useEffect(() => setText(current), [current]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the member's settled typing searches; the address changing must not re-send the old text.
  useEffect(() => {
    if (settled.trim() !== current) set({ [name]: settled.trim() || undefined });
  }, [settled]);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-semibold text-velvet-900">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name={name}
        className={controlClass}
        value={text}
        placeholder={placeholder}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <FieldError id={errorId} messages={errors[name]} />
    </div>
  );
}

/** Every filter and the sort, each one parameter of the address: what the form shows is the URL. */
export function SearchFiltersForm({
  value,
  errors,
  onChange,
  onReach,
}: {
  value: SearchParams;
  errors: FieldErrors;
  onChange(next: SearchParams): void;
  /** The member is about to use a filter (a pointer down or focus inside the form). */
  onReach?(): void;
}) {
  const set = (patch: Record<string, string | undefined>) => {
    const next: SearchParams = { ...value };
    for (const [key, entry] of Object.entries(patch)) {
      if (entry === undefined) delete next[key];
      else next[key] = entry;
    }
    onChange(next);
  };
  const bound = { value, errors, set };
  const pairs = (list: ReadonlyArray<{ key: number; label: string }>) =>
    list.map((option) => [String(option.key), option.label] as [string, string]);
  return (
    <div className="space-y-4 text-sm" onPointerDownCapture={onReach} onFocusCapture={onReach}>
      <TextFilter {...bound} name="username" label="Username" placeholder="Part of a name" />
      <SelectFilter
        {...bound}
        name="gender"
        label="Show me"
        empty="Who I'm looking for"
        options={[
          ["female", "Women"],
          ["male", "Men"],
        ]}
      />
      <div className="grid grid-cols-2 gap-2">
        <SelectFilter {...bound} name="age_min" label="Age from" empty="18" options={ages.map((age) => [age, age])} />
        <SelectFilter {...bound} name="age_max" label="Age to" empty="100" options={ages.map((age) => [age, age])} />
      </div>
      <SelectFilter
        {...bound}
        name="state"
        label="State"
        empty="All of Australia"
        options={australianStates.map((state) => [state.code, state.name])}
      />
      <SelectFilter
        {...bound}
        name="looking_for"
        label="Looking for"
        empty="Anything"
        options={pairs(lookingForOptions)}
      />
      <SelectFilter
        {...bound}
        name="body_type"
        label="Body type"
        empty="Any body type"
        options={pairs(bodyTypeOptions.filter((option) => option.key > 2))}
      />
      <div className="grid grid-cols-2 gap-2">
        <SelectFilter
          {...bound}
          name="height_min"
          label="Height from"
          empty="Any"
          options={heights.map((cm) => [cm, `${cm} cm`])}
        />
        <SelectFilter
          {...bound}
          name="height_max"
          label="Height to"
          empty="Any"
          options={heights.map((cm) => [cm, `${cm} cm`])}
        />
      </div>
      <TextFilter {...bound} name="interests" label="Interests" placeholder="e.g. hiking, wine" />
      <SelectFilter
        {...bound}
        name="sort"
        label="Sort by"
        empty="Recently active"
        options={[
          ["newest", "Newest members"],
          ["distance", "Near me first"],
        ]}
      />
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
            name={key}
            className="size-4 accent-rose-500"
            checked={value[key] === "1"}
            onChange={(event) => set({ [key]: event.target.checked ? "1" : undefined })}
          />
          <span className="text-ink/85">{label}</span>
        </label>
      ))}
    </div>
  );
}

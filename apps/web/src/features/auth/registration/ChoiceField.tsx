import type { InputHTMLAttributes, Ref } from "react";
import { useId } from "react";

type ChoiceFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value"> & {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A radio group drawn as large pills: one tap per answer, which suits a
 * lander's first step on a phone better than a select. Native radios, so the
 * keyboard (arrow keys) and screen readers work as usual.
 */
export function ChoiceField({ legend, options, error, ref, ...input }: ChoiceFieldProps) {
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 block text-sm font-semibold text-velvet-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="cursor-pointer">
            <input type="radio" value={option.value} ref={ref} className="peer sr-only" {...input} />
            <span className="inline-flex min-w-20 items-center justify-center rounded-pill border border-velvet-200 bg-white px-4 py-2.5 text-sm font-semibold text-velvet-800 transition peer-checked:border-transparent peer-checked:bg-gradient-to-r peer-checked:from-rose-500 peer-checked:to-velvet-500 peer-checked:text-white peer-checked:shadow-glow peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-500 hover:border-velvet-400">
              {option.label}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

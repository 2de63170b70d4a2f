import { firstErrorPerField } from "@velvet/shared/validation/field-errors";
import type { FieldValues, Path, UseFormClearErrors, UseFormSetError } from "react-hook-form";

interface ErrorTarget<Values extends FieldValues> {
  clearErrors: UseFormClearErrors<Values>;
  setError: UseFormSetError<Values>;
}

/**
 * Server field errors (field -> message or messages) replace the form's
 * errors, first message per field (spec §5), and the first one takes focus.
 * An empty map changes nothing: every request clears the stored errors first,
 * and a background request must not wipe what the member is reading.
 */
export function applyServerErrors<Values extends FieldValues>(
  form: ErrorTarget<Values>,
  errors: Readonly<Record<string, string | string[]>>,
): void {
  const firsts = Object.entries(firstErrorPerField({ ...errors }));
  if (firsts.length === 0) return;
  form.clearErrors();
  firsts.forEach(([field, message], index) => {
    form.setError(field as Path<Values>, { type: "server", message }, { shouldFocus: index === 0 });
  });
}

import { useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { applyServerErrors } from "./server-errors";
import { useValidationStore } from "./validation-store";

/** The server's 422 field errors (spec §5) replace the form's own, first message per field. */
export function useServerFieldErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, "setError" | "clearErrors">,
): void {
  const serverErrors = useValidationStore((state) => state.errors);
  const { setError, clearErrors } = form;
  useEffect(() => applyServerErrors({ setError, clearErrors }, serverErrors), [serverErrors, setError, clearErrors]);
}

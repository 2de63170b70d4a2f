import { useEffect } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useValidationStore } from "./validation-store";

/** The server's 422 field errors (spec §5) replace the form's own, first message per field. */
export function useServerFieldErrors<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, "setError">): void {
  const serverErrors = useValidationStore((state) => state.errors);
  const { setError } = form;
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors)) {
      setError(field as Path<Values>, { type: "server", message }, { shouldFocus: true });
    }
  }, [serverErrors, setError]);
}

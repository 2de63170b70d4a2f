import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import { applyServerErrors } from "./server-errors";
import { useValidationStore } from "./validation-store";

/**
 * react-hook-form with the shared zod schema, validating on input (spec §5:
 * aggressive, no delay), and the server's 422 field errors shown in place of
 * the form's own, first message per field.
 */
export function useServerForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver" | "mode"> = {},
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema as never) as never,
    mode: "onChange",
    criteriaMode: "firstError",
  });
  const serverErrors = useValidationStore((state) => state.errors);
  useEffect(() => applyServerErrors(form, serverErrors), [serverErrors, form]);
  return form;
}

/** A server error on a field the form does not show (e.g. `captcha`), to display above the button. */
export function useUnplacedServerError(shownFields: readonly string[]): string | undefined {
  const errors = useValidationStore((state) => state.errors);
  return Object.entries(errors).find(([field]) => !shownFields.includes(field))?.[1];
}

import type { z } from "zod";
import { fieldKey } from "./field-name";

export type FieldErrors = Record<string, string[]>;

/** Turns a zod failure into the `errors` map of the 422 envelope: field -> messages, first one first. */
export function fieldErrorsFromZod(error: z.ZodError, prefix: ReadonlyArray<PropertyKey> = []): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = fieldKey([...prefix, ...issue.path]) || "body";
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/** The first message per field: what a form shows under each input (spec §5). */
export function firstErrorPerField(errors: Record<string, string | string[]>): Record<string, string> {
  const firsts: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first) firsts[field] = first;
  }
  return firsts;
}

import { useRef } from "react";
import { type FieldValues, type Resolver, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import { useServerFieldErrors } from "./use-server-field-errors";

/**
 * useServerForm for the pages a visitor lands on first (/login): the same shared zod schema and the
 * same rules (on input, first message per field, the server's 422 errors in place of the form's), but
 * zod and the resolver load when the form first validates instead of with the page. They are about a
 * fifth of the page's JavaScript, and nobody has typed anything before the page has drawn.
 */
export function useLazySchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver" | "mode"> = {},
) {
  const resolver = useRef<Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: async (values, context, resolverOptions) => {
      resolver.current ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
        ([{ zodResolver }, schema]) => zodResolver(schema as never) as never,
      );
      return (await resolver.current)(values, context, resolverOptions);
    },
    mode: "onChange",
    criteriaMode: "firstError",
  });
  useServerFieldErrors(form);
  return form;
}

import { fieldErrorsFromZod } from "@velvet/shared/validation/field-errors";
import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { AppError } from "./app-error";

/**
 * Validates requests with the shared zod schemas (so the server words failures
 * exactly as the browser does) and turns failures into the 422 envelope.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    // No body at all is judged as an empty object, so each missing field gets its own message.
    const result = schema.safeParse(httpPart === "body" && (data === undefined || data === null) ? {} : data);
    if (result.success) return { value: result.data };
    return { error: new AppError("validation", undefined, { fields: fieldErrorsFromZod(result.error) }) };
  };
};

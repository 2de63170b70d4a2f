import { isDeepStrictEqual } from "node:util";
import { fieldErrorsFromZod } from "@velvet/shared/validation/field-errors";
import type { FastifySchemaCompiler, FastifySerializerCompiler } from "fastify";
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

/**
 * Responses are written by explicit presenters whose types come from the same
 * schemas, so production sends them as they are: re-parsing every response
 * with zod cost more than presenting it (notably for 24 search cards or 30
 * messages). Everywhere else each response is also parsed with its schema and
 * must come out unchanged, so a presenter that drifts from the contract, adds
 * a field the schema does not declare or leaks one fails the tests loudly.
 */
export function responseSerializerCompiler(checkAgainstSchema: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data: unknown) => {
      const json = JSON.stringify(data);
      if (!checkAgainstSchema) return json;
      const sent = json === undefined ? undefined : JSON.parse(json);
      const result = schema.safeParse(sent);
      if (!result.success) {
        throw new Error(`The response of ${method} ${url} does not match its schema: ${result.error.message}`);
      }
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.data) ?? "null"), sent ?? null)) {
        throw new Error(`The response of ${method} ${url} has fields its schema does not declare or reshapes them`);
      }
      return json;
    };
}

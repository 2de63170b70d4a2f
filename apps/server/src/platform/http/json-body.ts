import { httpMessages } from "@velvet/shared/validation/messages";
import type { FastifyInstance } from "fastify";
import secureJsonParse from "secure-json-parse";
import { AppError } from "./app-error";

declare module "fastify" {
  interface FastifyRequest {
    /** The JSON body exactly as received (signed requests hash these bytes). */
    rawBody?: string;
  }
}

/**
 * JSON bodies: an empty body with a JSON content type counts as no body (some
 * clients send the header on every POST), prototype-poisoning keys are refused,
 * and the raw text is kept for signature checks.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    try {
      done(null, secureJsonParse.parse(text, undefined, { protoAction: "error", constructorAction: "error" }));
    } catch {
      done(new AppError("bad_request", httpMessages.malformedJson), undefined);
    }
  });
}

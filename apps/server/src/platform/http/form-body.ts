import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes form-encoded bodies: a real HTML form or pusher-js posts to it. */
    formBody?: boolean;
  }
}

/**
 * Form-encoded bodies are what a page on another site can make a browser send without asking (a plain
 * HTML form needs no CORS preflight), so they are parsed only for the routes that declare `formBody`
 * and answer 415 everywhere else. Decided on the route the router chose, like every path-based check.
 */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (request, body, done) => {
    if (!request.routeOptions.config.formBody) {
      done(new AppError("unsupported_media_type"), undefined);
      return;
    }
    // fromEntries defines own properties, so a "__proto__" field is a plain key, never the prototype.
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

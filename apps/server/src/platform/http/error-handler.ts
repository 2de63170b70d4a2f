import type { TErrorResponse } from "@velvet/shared/api/envelope";
import { httpMessages } from "@velvet/shared/validation/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError, statusByCode } from "./app-error";

/**
 * The only place errors become HTTP: every failure answers JSON `{message}`,
 * 422 adds `errors`, 429 adds Retry-After. Internal details never leave the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    const status = statusByCode[appError.code];
    if (status >= 500) request.log.error({ err: error }, "request failed");
    if (appError.retryAfterSeconds !== undefined) reply.header("Retry-After", String(appError.retryAfterSeconds));
    const body: TErrorResponse = { ...appError.details, message: appError.message };
    if (appError.code === "validation") body.errors = appError.fields ?? {};
    // Clients tell the maintenance switch from an outage by this marker alone: only it sends them to /maintenance.
    if (appError.code === "maintenance") body.maintenance = true;
    return reply.status(status).type("application/json; charset=utf-8").send(body);
  });
}

/** Seconds a client should wait before retrying after the database dropped away. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError("unavailable", undefined, { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  }
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("bad_request", httpMessages.malformedJson);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("unsupported_media_type");
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new AppError("throttled");
  if (status === 404) return new AppError("not_found");
  if (status >= 400 && status < 500) return new AppError("bad_request");
  return new AppError("internal");
}

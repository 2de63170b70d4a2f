import type { FieldErrors } from "@velvet/shared/validation/field-errors";
import { httpMessages } from "@velvet/shared/validation/messages";

export type AppErrorCode =
  | "bad_request"
  | "unauthenticated"
  | "unknown_site"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation"
  | "throttled"
  | "maintenance"
  | "unavailable"
  | "internal";

/** The one error type services throw; `error-handler.ts` is the only place that turns it into HTTP. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** Extra top-level fields of the error body, e.g. `credits_needed` on a 402. */
  readonly details: Record<string, string | number> | undefined;

  constructor(
    code: AppErrorCode,
    message?: string,
    options: { fields?: FieldErrors; retryAfterSeconds?: number; details?: Record<string, string | number> } = {},
  ) {
    super(message ?? defaultMessage(code));
    this.name = "AppError";
    this.code = code;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }

  /** A 422 with one message on one field, e.g. `AppError.field("email", "The email has already been taken.")`. */
  static field(field: string, message: string): AppError {
    return new AppError("validation", message, { fields: { [field]: [message] } });
  }
}

export const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  unknown_site: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  throttled: 429,
  maintenance: 503,
  unavailable: 503,
  internal: 500,
};

function defaultMessage(code: AppErrorCode): string {
  switch (code) {
    case "bad_request":
      return httpMessages.badRequest;
    case "unauthenticated":
      return httpMessages.unauthenticated;
    case "unknown_site":
      return httpMessages.unknownSite;
    case "payment_required":
      return httpMessages.paymentRequired;
    case "forbidden":
      return httpMessages.forbidden;
    case "not_found":
      return httpMessages.notFound;
    case "conflict":
      // Every conflict names its own situation (e.g. a conversation another operator holds); this is a fallback.
      return "This was changed at the same time by someone else. Please try again.";
    case "payload_too_large":
      return httpMessages.payloadTooLarge;
    case "unsupported_media_type":
      return httpMessages.unsupportedMediaType;
    case "validation":
      return httpMessages.validation;
    case "throttled":
      return httpMessages.throttled;
    case "maintenance":
      return httpMessages.maintenance;
    case "unavailable":
      return httpMessages.unavailable;
    case "internal":
      return httpMessages.serverError;
  }
}

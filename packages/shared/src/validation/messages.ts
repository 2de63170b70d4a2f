/**
 * The English message catalogue for form and API validation (spec §5 and §8).
 * `{field}` is replaced by the human name of the field ("password confirmation").
 * Both the server's 422 envelope and the browser's forms read from here, so a
 * member sees the same sentence whichever side caught the mistake.
 */
export const validationMessages = {
  required: "The {field} field is required",
  string: "The {field} field must be a string",
  numeric: "The {field} field must be a number",
  integer: "The {field} field must be an integer",
  boolean: "The {field} field must be true or false",
  array: "The {field} field must be a list",
  object: "The {field} field must be an object",
  email: "The {field} field must be a valid email",
  url: "The {field} field is not a valid URL",
  uuid: "The {field} field must be a valid UUID",
  regex: "The {field} field format is invalid",
  date_format: "The {field} field must be a valid date (YYYY-MM-DD)",
  min: "The {field} field must be at least {length} characters",
  max: "The {field} field may not be greater than {length} characters",
  min_value: "The {field} field must be {min} or more",
  max_value: "The {field} field must be {max} or less",
  min_items: "The {field} field must have at least {length} items",
  max_items: "The {field} field may not have more than {length} items",
  included: "The {field} field must be a valid value",
  invalid: "The {field} field is invalid",
  unknown_field: "The {field} field is not allowed",
  custom_email: "Please fill in a valid email address",
  custom_city: "Please fill in your city",
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

/** Auth and password messages, verbatim from spec §8. */
export const authMessages = {
  failed: "These credentials do not match our records.",
  throttle: "Too many login attempts. Please try again in {seconds} seconds.",
  /** An admin's ban: sign-in with the right password, and any request with a token still held. */
  suspended: "This account has been suspended.",
  /** Shown on /login when a session ended elsewhere (signed out on another device, password changed). */
  sessionEnded: "You were signed out. Please sign in again.",
} as const;

export const passwordMessages = {
  reset: "Your password has been reset!",
  sent: "We have e-mailed your password reset link!",
  token: "This password reset token is invalid.",
  user: "We can't find a user with that e-mail address.",
} as const;

/** Messages carried in the `message` field of non-422 error envelopes. */
export const httpMessages = {
  validation: "The given data was invalid.",
  badRequest: "The request could not be understood.",
  malformedJson: "The request body is not valid JSON.",
  unauthenticated: "Unauthenticated.",
  unknownSite: "Unknown site",
  paymentRequired: "You do not have enough credits.",
  forbidden: "This action is unauthorized.",
  notFound: "Not found.",
  payloadTooLarge: "The request is too large.",
  unsupportedMediaType: "This content type is not supported.",
  throttled: "Too many requests. Please slow down.",
  maintenance: "Sorry! We Are Under Maintenance!",
  serverError: "Something went wrong on our side.",
  unavailable: "The site is briefly unavailable. Please try again in a moment.",
} as const;

export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}

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
  alpha_dash: "The {field} field may only contain alpha-numeric characters as well as dashes and underscores",
  date_format: "The {field} field must be a valid date (YYYY-MM-DD)",
  min: "The {field} field must be at least {length} characters",
  max: "The {field} field may not be greater than {length} characters",
  min_value: "The {field} field must be {min} or more",
  max_value: "The {field} field must be {max} or less",
  min_items: "The {field} field must have at least {length} items",
  max_items: "The {field} field may not have more than {length} items",
  included: "The {field} field must be a valid value",
  accepted: "The {field} field must be accepted",
  confirmed: "The {field} confirmation does not match",
  invalid: "The {field} field is invalid",
  unknown_field: "The {field} field is not allowed",
  taken: "The {field} has already been taken.",
  custom_email: "Please fill in a valid email address",
  custom_city: "Please fill in your city",
  no_such_validator: "No such validator exists",
  // The rule library (rules/), one entry per rule of spec §5 not worded above.
  alpha: "The {field} field may only contain alphabetic characters",
  alpha_num: "The {field} field may only contain alpha-numeric characters",
  alpha_spaces: "The {field} field may only contain alphabetic characters as well as spaces",
  between: "The {field} field must be between {min} and {max}",
  digits: "The {field} field must be numeric and exactly contain {length} digits",
  decimal: "The {field} field must be numeric and may contain {decimals} decimal places",
  decimal_any: "The {field} field must be numeric and may contain decimal places",
  length: "The {field} field must be exactly {length} characters",
  length_between: "The {field} field must be between {min} and {max} characters",
  length_items: "The {field} field must have exactly {length} items",
  is: "The {field} field value is not valid",
  is_not: "The {field} field value is not valid",
  excluded: "The {field} field must be a valid value",
  ip: "The {field} field must be a valid IP address",
  ip_or_fqdn: "The {field} field must be a valid IP address or domain name",
  credit_card: "The {field} field must be a valid card number",
  date_format_pattern: "The {field} field must be in the format {format}",
  date_between: "The {field} field must be between {min} and {max}",
  after: "The {field} field must be after {target}",
  after_or_equal: "The {field} field must be after or equal to {target}",
  before: "The {field} field must be before {target}",
  before_or_equal: "The {field} field must be before or equal to {target}",
  time: "The {field} field must be a valid time",
  image: "The {field} field must be an image",
  dimensions: "The {field} field must be {width} pixels by {height} pixels",
  size: "The {field} field may not be greater than {size} KB",
  ext: "The {field} field must be a file of type: {values}",
  mimes: "The {field} field must be a file of type: {values}",
  no_such_field: 'Validating a non-existent field: "{field}"',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

/** Auth and password messages, verbatim from spec §8. */
export const authMessages = {
  failed: "These credentials do not match our records.",
  throttle: "Too many login attempts. Please try again in {seconds} seconds.",
  /** An admin's ban (issue 17): sign-in with the right password, and any request with a token still held. */
  suspended: "This account has been suspended.",
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

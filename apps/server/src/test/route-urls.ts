/** A URL for a route pattern: every parameter gets a well-formed value, so only the check under test can refuse it. */
export function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:uuid/g, "00000000-0000-4000-8000-000000000001")
    .replace(/:id/g, "1")
    .replace(/:[A-Za-z_]+/g, "x");
}

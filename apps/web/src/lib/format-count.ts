/**
 * A whole number as en-AU writes it, thousands grouped with commas ("12,345"), without Intl.
 *
 * Why not `toLocaleString("en-AU")`: a page's first Intl number format loads the locale's ICU data, measured at 16-64 ms
 * on the development machine and about 50 ms under Lighthouse's phone throttling, one long task in every first load
 * (the navbar's "N online now" and the account strip's credits are on every signed-in page). The grouping rule of
 * en-AU is this simple; format-count.test.ts checks it against Intl for every integer it generates. Anything else
 * (a fraction, NaN, an unsafe integer) still goes through Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString("en-AU");
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  // Intl writes minus zero as "-0"; so does this.
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
}

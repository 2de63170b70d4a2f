// The busy evening's verdicts: a step meets the budget when every request class keeps p99 at most
// 250 ms, each leg of live delivery p99 at most 500 ms, and nothing failed; capacity is the largest number of
// members online at a step that met it, counted only while every smaller step met it too.
export const REQUEST_P99_MS = 250;
export const DELIVERY_P99_MS = 500;

/** The q-quantile by the nearest-rank method (NaN for no values). */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.min(ordered.length - 1, Math.max(0, Math.ceil(q * ordered.length) - 1))];
}

/** The operators' requests: the members-only figure leaves them out (the desk's queue statement is slow alone). */
export const OPERATOR_CLASSES = ["operator queue", "operator lock", "operator reply"];

/**
 * What keeps a step from meeting the budget, as short phrases; empty when it meets it. `membersOnly`: the members'
 * request classes and both delivery legs only (the operators' own requests are left out).
 */
export function breaches(step, { membersOnly = false } = {}) {
  const found = [];
  for (const [kind, values] of Object.entries(step.latencies)) {
    if (membersOnly && OPERATOR_CLASSES.includes(kind)) continue;
    const p99 = quantile(values, 0.99);
    if (p99 > REQUEST_P99_MS) found.push(`${kind} p99 ${p99.toFixed(0)} ms`);
  }
  for (const [leg, values] of Object.entries(step.delivery)) {
    const p99 = quantile(values, 0.99);
    if (p99 > DELIVERY_P99_MS) found.push(`${leg} delivery p99 ${p99.toFixed(0)} ms`);
  }
  const errors = Object.entries(step.errors)
    .filter(([kind]) => !(membersOnly && OPERATOR_CLASSES.includes(kind)))
    .reduce((sum, [, count]) => sum + count, 0);
  if (errors > 0) found.push(`${errors} errors`);
  return found;
}

/** The largest `members` of the leading run of steps (in the order measured, N rising) that met the budget, or 0. */
export function capacity(steps, options = {}) {
  let largest = 0;
  for (const step of steps) {
    if (breaches(step, options).length > 0) break;
    largest = step.members;
  }
  return largest;
}

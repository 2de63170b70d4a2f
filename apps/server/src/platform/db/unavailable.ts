/**
 * Whether an error means the database could not be reached or dropped the
 * connection (a restart, a failover, a network cut), as opposed to a query that
 * failed on its own. Such a request answers 503 and may be retried: nothing it
 * did was committed, since the commit itself needs the connection.
 */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
// SQLSTATE class 08 (connection exception) and the shutdown codes of class 57.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
const UNREACHABLE_MESSAGES = [
  "Connection terminated",
  "connection is closed",
  "Client has encountered a connection error",
  "the database system is",
  "timeout exceeded when trying to connect",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === "string" ? candidate.code : "";
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
    const message = typeof candidate.message === "string" ? candidate.message : "";
    if (UNREACHABLE_MESSAGES.some((fragment) => message.includes(fragment))) return true;
    current = candidate.cause;
  }
  return false;
}

import type { DestinationStream, LoggerOptions } from "pino";
import { pino } from "pino";

/** Query parameters whose values are secrets: never written to a log. */
const SECRET_QUERY_KEYS = new Set([
  "token",
  "custom1",
  "auth_signature",
  "signature",
  "impersonate_token",
  "access_token",
  "refresh_token",
  "password",
  "code",
  "key",
]);

/** Path segments that carry a secret, e.g. /api/payment/auth/{custom1}. */
const SECRET_PATH_PATTERNS: RegExp[] = [/(\/payment\/auth\/)[^/?#]+/gi];

export const REDACTED = "[redacted]";

export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of SECRET_PATH_PATTERNS) redacted = redacted.replace(pattern, `$1${REDACTED}`);
  const queryStart = redacted.indexOf("?");
  if (queryStart === -1) return redacted;
  const pathPart = redacted.slice(0, queryStart);
  const pairs = redacted
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const [rawKey = "", ...rest] = pair.split("=");
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      } catch {
        // A malformed escape is logged as written; its value is still checked below.
      }
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) && rest.length > 0 ? `${rawKey}=${REDACTED}` : pair;
    });
  return `${pathPart}?${pairs.join("&")}`;
}

/**
 * The URL as logs keep it: the path (secret segments redacted) and the names of the query parameters,
 * never their values. The request line is logged before anyone knows it will end in a 5xx, and a search,
 * a link token or an address in a query is nothing a log reader needs.
 */
export function loggedUrl(url: string): string {
  const redacted = redactUrl(url);
  const queryStart = redacted.indexOf("?");
  if (queryStart === -1) return redacted;
  const names = redacted
    .slice(queryStart + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=${REDACTED}`);
  return `${redacted.slice(0, queryStart)}?${names.join("&")}`;
}

/** Fields of database errors that quote row values ("Key (email)=(…) already exists") or SQL text with them. */
const VALUE_BEARING_ERROR_FIELDS = new Set(["params", "detail", "where", "internalQuery", "parameters"]);

/**
 * Errors as logs keep them. A failed query's message lists its parameters (password and token hashes,
 * emails, tokens): only the SQL, which has placeholders, stays. The stack keeps its frames.
 */
export function loggedError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const record = error as Error & Record<string, unknown>;
  // Drizzle's "Failed query: …\nparams: …": the SQL has placeholders, the parameters are the values.
  const drizzleQuery = typeof record.query === "string" && error.message.startsWith("Failed query:");
  let message = drizzleQuery ? `Failed query: ${record.query}` : error.message;
  // SQLSTATE class 22 (data exceptions) quotes the offending value: invalid input syntax for type uuid: "…".
  if (typeof record.code === "string" && record.code.startsWith("22")) message = message.replace(/"[^"]*"/g, REDACTED);
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  const logged: Record<string, unknown> = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join("\n"),
  };
  for (const [key, value] of Object.entries(record)) {
    if (key === "query" || key === "cause" || VALUE_BEARING_ERROR_FIELDS.has(key)) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") logged[key] = value;
  }
  if (error.cause !== undefined) logged.cause = loggedError(error.cause, depth + 1);
  return logged;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "password",
        "*.password",
        "*.password_confirmation",
        "*.current_password",
        "token",
        "*.token",
        "*.access_token",
        "*.refresh_token",
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: loggedUrl(request.url), ip: request.ip };
      },
      err: loggedError,
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

export function createLogger(level: string, destination?: DestinationStream) {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

export type Logger = ReturnType<typeof createLogger>;

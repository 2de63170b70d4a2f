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
        return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
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

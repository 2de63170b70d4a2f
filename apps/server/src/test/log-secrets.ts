import { DEFAULT_PASSWORD } from "./factories";

/**
 * What must never appear in a log line: access and refresh tokens,
 * passwords, reset and confirmation links with their token, signatures, a failed
 * query's parameters, password hashes and token hashes.
 * Redacted values ("[redacted]") do not match.
 */
export const SECRET_PATTERNS: Array<{ name: string; pattern: RegExp }> = [
  { name: "a JWT", pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/ },
  { name: "the test password", pattern: new RegExp(DEFAULT_PASSWORD) },
  { name: "a password field", pattern: /"(password|password_confirmation|current_password)":"(?!\[redacted\])[^"]+"/i },
  { name: "a link token", pattern: /[?&](token|impersonate_token|custom1)=(?!%5Bredacted|\[redacted)[\w%.-]{8,}/i },
  { name: "a refresh cookie", pattern: /velvet_refresh=(?!;|\[redacted)[\w.-]{8,}/ },
  { name: "a checkout cookie", pattern: /velvet_checkout=(?!;|\[redacted)[\w-]{8,}/ },
  { name: "a signature", pattern: /signature["=:\s]+"?(?!\[redacted)[0-9a-f]{32,}/i },
  { name: "an authorization header", pattern: /"authorization":"(?!\[redacted\])[^"]+"/i },
  // A failed query's message lists its parameters; stored hashes must not reach a log either.
  { name: "a failed query's parameters", pattern: /params: (?!\[redacted)\S/ },
  { name: "a password hash", pattern: /\$argon2(?:id|i|d)\$/ },
  { name: "a token hash", pattern: /\b[0-9a-f]{64}\b/ },
];

/** The secrets a log holds, as "pattern name: excerpt" lines. */
export function secretsIn(log: string): string[] {
  const found: string[] = [];
  for (const line of log.split("\n")) {
    for (const { name, pattern } of SECRET_PATTERNS) {
      const match = pattern.exec(line);
      if (match) found.push(`${name}: ${line.slice(Math.max(0, match.index - 60), match.index + 80)}`);
    }
  }
  return found;
}

import { randomUUID } from "node:crypto";
import type { Logger } from "drizzle-orm";
import pg from "pg";
import type { TestServer } from "./support";

type Query = (config: unknown, ...rest: unknown[]) => unknown;

/**
 * The SQL texts the server sends from now until `stop()`, for tests that pin down how many round trips a hot path
 * takes. On PostgreSQL it wraps `pg`'s Client.query (transactions run on drizzle instances of their own per
 * connection); on the embedded database it swaps drizzle's logger on the handle's session and the options new
 * transaction sessions copy (statements prepared before keep theirs). Background work (the outbox's delivery, the
 * jobs worker) is logged too: assert on the statements the test is about.
 */
export function logStatements(server: TestServer): { texts: string[]; statements: LoggedStatement[]; stop(): void } {
  const statements: LoggedStatement[] = [];
  const record = (text: string, params: unknown[], name?: string) => {
    statements.push(name ? { text, params, name } : { text, params });
  };
  if (server.context.database.driver === "postgres") {
    const prototype = pg.Client.prototype as unknown as { query: Query };
    const query = prototype.query;
    prototype.query = function logged(this: unknown, config: unknown, ...rest: unknown[]) {
      if (typeof config === "string") record(config, Array.isArray(rest[0]) ? rest[0] : []);
      else {
        const { text, values, name } = (config ?? {}) as { text?: string; values?: unknown[]; name?: string };
        // drizzle passes the values beside the config object, not in it.
        record(text ?? "", values ?? (Array.isArray(rest[0]) ? rest[0] : []), name);
      }
      return query.call(this, config, ...rest);
    };
    return {
      get texts() {
        return statements.map((statement) => statement.text);
      },
      statements,
      stop() {
        prototype.query = query;
      },
    };
  }
  const session = (server.context.database.db as unknown as { _: { session: SessionWithLogger } })._.session;
  const logger: Logger = { logQuery: (text, params) => record(text, params) };
  const before = { logger: session.logger, optionsLogger: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  return {
    get texts() {
      return statements.map((statement) => statement.text);
    },
    statements,
    stop() {
      session.logger = before.logger;
      session.options.logger = before.optionsLogger;
    },
  };
}

/**
 * The plan PostgreSQL makes for a logged statement with the values it was sent with, as JSON text (`explain (format
 * json)`), for tests that check which index a hot statement reads through.
 */
export async function planOf(server: TestServer, statement: LoggedStatement): Promise<string> {
  const [row] = await server.context.database.queryPrepared<{ "QUERY PLAN": unknown }>({
    name: `explain_${randomUUID().replaceAll("-", "")}`,
    text: `explain (format json) ${statement.text}`,
    values: statement.params,
  });
  return JSON.stringify(row?.["QUERY PLAN"]);
}

/** A statement as sent: its text and the values of its parameters. */
export interface LoggedStatement {
  text: string;
  params: unknown[];
  /** The name it was sent under, on PostgreSQL, when it was sent as a named prepared statement. */
  name?: string;
}

interface SessionWithLogger {
  logger: Logger;
  options: { logger?: Logger };
}

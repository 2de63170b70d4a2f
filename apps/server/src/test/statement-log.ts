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
export function logStatements(server: TestServer): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  if (server.context.database.driver === "postgres") {
    const prototype = pg.Client.prototype as unknown as { query: Query };
    const query = prototype.query;
    prototype.query = function logged(this: unknown, config: unknown, ...rest: unknown[]) {
      texts.push(typeof config === "string" ? config : ((config as { text?: string } | null)?.text ?? ""));
      return query.call(this, config, ...rest);
    };
    return {
      texts,
      stop() {
        prototype.query = query;
      },
    };
  }
  const session = (server.context.database.db as unknown as { _: { session: SessionWithLogger } })._.session;
  const logger: Logger = { logQuery: (text) => texts.push(text) };
  const before = { logger: session.logger, optionsLogger: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  return {
    texts,
    stop() {
      session.logger = before.logger;
      session.options.logger = before.optionsLogger;
    },
  };
}

interface SessionWithLogger {
  logger: Logger;
  options: { logger?: Logger };
}

import type { Logger } from "drizzle-orm";
import type { TestServer } from "./support";

/**
 * The SQL texts the server's database handle sends from now until `stop()`, for tests that pin down how many
 * round trips a hot path takes. It swaps drizzle's logger on the handle's session (and the options new transaction
 * sessions copy it from); statements prepared before the call keep the logger they were made with, and background
 * work (the outbox's delivery, the jobs worker) is logged too: assert on the statements the test is about.
 */
export function logStatements(server: TestServer): { texts: string[]; stop(): void } {
  const session = (server.context.database.db as unknown as { _: { session: SessionWithLogger } })._.session;
  const texts: string[] = [];
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

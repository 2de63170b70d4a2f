import type { Redis } from "ioredis";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./logging/logger";
import type { Mailer } from "./mail/mailer";
import type { AttemptCounter } from "./rate-limit/attempt-counter";
import type { FileStorage } from "./storage/storage";

/** What every feature module receives: configuration and the process's shared connections. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  redis: Redis | undefined;
  storage: FileStorage;
  logger: Logger;
  mailer: Mailer;
  attempts: AttemptCounter;
  /** Delivers committed real-time events; services call kick() after their transaction commits. */
  realtimeEvents: { kick(): void };
  /** Closes real-time connections on every process; services call it after the change that ends them committed. */
  memberConnections: MemberConnections;
}

export interface MemberConnections {
  /** The member's connections (only those of one session with `sessionId`), with a close code from realtimeCloseCodes. */
  close(target: { memberUuid: string; sessionId?: string }, code: number): Promise<void>;
}

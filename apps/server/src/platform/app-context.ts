import type { Redis } from "ioredis";
import type { Caches } from "./cache/caches";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import type { DomainEvents } from "./events/domain-events";
import type { Logger } from "./logging/logger";
import type { AttemptCounter } from "./rate-limit/attempt-counter";
import type { FileStorage } from "./storage/storage";

/** What every feature module receives: configuration and the process's shared connections. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  redis: Redis | undefined;
  storage: FileStorage;
  logger: Logger;
  attempts: AttemptCounter;
  /** Delivers committed real-time events; services call kick() after their transaction commits. */
  realtimeEvents: { kick(): void };
  /**
   * Runs committed jobs (mail): services queue them inside their transaction and call kick() after it commits.
   * There is no mailer here on purpose: a request never waits for SMTP.
   */
  jobs: { kick(): void };
  /** The process's caches, each named and bounded (platform/cache/caches.ts). */
  caches: Caches;
  /** What changed, emitted after commit; cache-invalidation.ts and other reactions subscribe. */
  events: DomainEvents;
  /**
   * Closes real-time connections, or takes them off a channel, on every process; services call it after the
   * change that ends them committed.
   */
  memberConnections: MemberConnections;
}

export interface MemberConnections {
  /** The member's connections (only those of one session with `sessionId`), with a close code from realtimeCloseCodes. */
  close(target: { memberUuid: string; sessionId?: string }, code: number): Promise<void>;
  /** Unsubscribes every socket of the member from the channel, and keeps them from subscribing again. */
  leaveChannel(target: { memberUuid: string }, channel: string): Promise<void>;
}

import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { registerBackgroundJobs } from "./background-jobs";
import { subscribeCacheInvalidation } from "./cache-invalidation";
import { authLetters } from "./modules/auth";
import { ensureStaticPages } from "./modules/content";
import { ensureCreditPackages, ensureMessagePrices } from "./modules/credits";
import { connectedThroughChannels, NotificationDigest } from "./modules/notifications";
import { PassExpiryWatcher } from "./modules/payments";
import { ensurePromotionCalendar } from "./modules/promotions";
import { PushDelivery } from "./modules/push";
import type { RealtimeServer } from "./modules/realtime";
import { createBroadcaster, createRealtimeServer, OutboxDispatcher } from "./modules/realtime";
import { TriggerJob } from "./modules/triggers";
import type { AppContext } from "./platform/app-context";
import { Caches } from "./platform/cache/caches";
import type { AppConfig } from "./platform/config";
import { type EmbeddedStart, openDatabase } from "./platform/db/client";
import { runMigrations } from "./platform/db/migrate";
import { DomainEvents } from "./platform/events/domain-events";
import { JobWorker } from "./platform/jobs/worker";
import { createLogger, type Logger } from "./platform/logging/logger";
import { MAIL_JOB, mailJobHandler, templateLetters } from "./platform/mail/mail-queue";
import { createMailer } from "./platform/mail/mailer";
import { mailSite } from "./platform/mail/templates";
import { createAttemptCounter } from "./platform/rate-limit/attempt-counter";
import { openRedis } from "./platform/redis/client";
import { createFileStorage } from "./platform/storage/create-storage";

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  jobs: JobWorker;
  realtime: RealtimeServer;
  url: string;
  /** Graceful stop: refuse new work, finish requests in flight, close sockets with 4200, close the database. */
  close(options?: { realtimeStaggerMs?: number }): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** null: in-memory embedded database (tests); undefined: DATA_DIR or DATABASE_URL. */
  embeddedDataDir?: string | null;
  /** With an in-memory embedded database: its starting state, already migrated (tests; see openDatabase). */
  embeddedStart?: EmbeddedStart;
  seed?: boolean;
  /** Lets tests add probe routes to the real app before it starts listening. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    preparedStatements: config.databasePreparedStatements,
    dataDir: options.embeddedDataDir === undefined ? config.dataDir : options.embeddedDataDir,
    embeddedStart: options.embeddedDataDir === null ? options.embeddedStart : undefined,
  });
  await runMigrations(database);
  await ensureMessagePrices(database.db, config);
  await ensureCreditPackages(database.db);
  if (config.seasonalPromotions) await ensurePromotionCalendar(database.db, config.siteTimezone);
  // After the store: the FAQ quotes its prices.
  await ensureStaticPages(database.db, config);
  const redis = await openRedis(config.redisUrl);
  const realtime = await createRealtimeServer({ config, redis, logger });
  const outbox = new OutboxDispatcher(database.db, await createBroadcaster(config, realtime), logger);
  const jobs = new JobWorker(database.db, logger, {
    retryBaseMs: config.jobRetryBaseMs,
    timeZone: config.siteTimezone,
  });
  const context: AppContext = {
    config,
    database,
    redis,
    attempts: createAttemptCounter(redis, config.redisKeyPrefix),
    storage: createFileStorage(config),
    logger,
    realtimeEvents: outbox,
    memberConnections: {
      close: (target, code) => realtime.closeMemberConnections(target, code),
      leaveChannel: (target, channel) => realtime.removeMemberFromChannel(target.memberUuid, channel),
    },
    jobs,
    caches: new Caches(),
    events: new DomainEvents(logger),
  };
  subscribeCacheInvalidation(context);
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir });
  jobs.handle(MAIL_JOB, mailJobHandler(mailer, { ...templateLetters(mailSite(config)), ...authLetters(context) }));
  if (options.seed ?? config.seedDemoData) {
    // The seed (and the image library it draws avatars with) is loaded only when it runs.
    const { seedIfEmpty } = await import("./seed/seed");
    await seedIfEmpty(context);
  }

  const app = await buildApp(context, realtime);
  await options.beforeListen?.(app);
  realtime.attach(app.server);
  await app.listen({ host: config.host, port: config.port });
  await outbox.start();
  // Every signed-in tab joins its notifications channel: a member with none open is away.
  const isConnected = connectedThroughChannels(() => realtime.directory.counts());
  registerBackgroundJobs(jobs, context, {
    app,
    outbox,
    digest: new NotificationDigest(context, isConnected),
    push: new PushDelivery(context, isConnected),
    passes: new PassExpiryWatcher(context),
    triggers: new TriggerJob(context),
  });
  jobs.start();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  let closing: Promise<void> | undefined;
  const close = (closeOptions: { realtimeStaggerMs?: number } = {}) => {
    closing ??= (async () => {
      await Promise.all([realtime.close(closeOptions.realtimeStaggerMs), app.close()]);
      // Jobs in hand (mail, the periodic passes) finish and are marked done before the database closes; then
      // the outbox finishes the delivery round in hand. Whatever is still pending goes out on another process's
      // next round (within its 1 s poll) or at this one's next start: a backlog never holds a shutdown up.
      await jobs.stop();
      await outbox.stop();
      await context.redis?.quit().catch(() => {});
      await database.close();
    })();
    return closing;
  };
  return { app, context, jobs, realtime, url: `http://localhost:${port}`, close };
}

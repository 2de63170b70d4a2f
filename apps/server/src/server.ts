import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { authLetters } from "./modules/auth/mail-letters";
import { ensureStaticPages } from "./modules/content/page-catalogue";
import { conversationReadCache } from "./modules/conversations/read-cache";
import { ensureCreditPackages } from "./modules/credits/packages";
import { ensureMessagePrices } from "./modules/credits/prices";
import { connectedThroughChannels, NotificationDigest } from "./modules/notifications/email-digest";
import { PassExpiryWatcher } from "./modules/payments/pass-expiry";
import { ensurePromotionCalendar } from "./modules/promotions/calendar";
import { createBroadcaster } from "./modules/realtime/broadcaster";
import { createRealtimeServer } from "./modules/realtime/create-realtime-server";
import { OutboxDispatcher } from "./modules/realtime/outbox";
import type { RealtimeServer } from "./modules/realtime/server";
import { TriggerJob } from "./modules/triggers/trigger-job";
import type { AppContext } from "./platform/app-context";
import type { AppConfig } from "./platform/config";
import { openDatabase } from "./platform/db/client";
import { runMigrations } from "./platform/db/migrate";
import { JobWorker } from "./platform/jobs/worker";
import { createLogger, type Logger } from "./platform/logging/logger";
import { MAIL_JOB, mailJobHandler, templateLetters } from "./platform/mail/mail-queue";
import { createMailer } from "./platform/mail/mailer";
import { mailSite } from "./platform/mail/templates";
import { createAttemptCounter } from "./platform/rate-limit/attempt-counter";
import { openRedis } from "./platform/redis/client";
import { LocalDiskStorage } from "./platform/storage/storage";

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
  seed?: boolean;
  /** Lets tests add probe routes to the real app before it starts listening. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.embeddedDataDir === undefined ? config.dataDir : options.embeddedDataDir,
  });
  await runMigrations(database);
  await ensureMessagePrices(database.db, config);
  await ensureCreditPackages(database.db);
  await ensurePromotionCalendar(database.db, config.siteTimezone);
  // After the store: the FAQ quotes its prices.
  await ensureStaticPages(database.db, config);
  const redis = await openRedis(config.redisUrl);
  const realtime = await createRealtimeServer({ config, redis, logger });
  const conversationReads = conversationReadCache(database);
  if (config.pusher.driver === "pusher") conversationReads.disable();
  else realtime.observeEvents((channel, event, data) => conversationReads.observeEvent(channel, event, data));
  const outbox = new OutboxDispatcher(database.db, await createBroadcaster(config, realtime), logger);
  const jobs = new JobWorker(database.db, logger, { retryBaseMs: config.jobRetryBaseMs });
  const context: AppContext = {
    config,
    database,
    redis,
    attempts: createAttemptCounter(redis, config.redisKeyPrefix),
    storage: new LocalDiskStorage(`${config.dataDir}/uploads`),
    logger,
    realtimeEvents: outbox,
    memberConnections: { close: (target, code) => realtime.closeMemberConnections(target, code) },
    jobs,
  };
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
  jobs.start();
  const digest = new NotificationDigest(
    context,
    connectedThroughChannels(() => realtime.directory.counts()),
  );
  digest.start();
  const passes = new PassExpiryWatcher(context);
  passes.start();
  const triggerJob = new TriggerJob(context);
  triggerJob.start();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  let closing: Promise<void> | undefined;
  const close = (closeOptions: { realtimeStaggerMs?: number } = {}) => {
    closing ??= (async () => {
      await Promise.all([realtime.close(closeOptions.realtimeStaggerMs), app.close()]);
      await Promise.all([outbox.stop(), digest.stop(), passes.stop(), triggerJob.stop()]);
      // After the digest, which may still queue mail; before the database, so jobs in hand are marked done.
      await jobs.stop();
      await context.redis?.quit().catch(() => {});
      await database.close();
    })();
    return closing;
  };
  return { app, context, jobs, realtime, url: `http://localhost:${port}`, close };
}

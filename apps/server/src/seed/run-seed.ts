import { ensureMessagePrices } from "../modules/credits/prices";
import { Caches } from "../platform/cache/caches";
import { loadConfig } from "../platform/config";
import { openDatabase } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { DomainEvents } from "../platform/events/domain-events";
import { loadEnvFile } from "../platform/load-env-file";
import { createLogger } from "../platform/logging/logger";
import { MemoryAttemptCounter } from "../platform/rate-limit/attempt-counter";
import { createFileStorage } from "../platform/storage/create-storage";
import { seedDemoData } from "./seed";

/** `npm run seed`: applies migrations and (re)seeds the demo data; idempotent. */
loadEnvFile();
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  directUrl: config.databaseDirectUrl,
  preparedStatements: config.databasePreparedStatements,
  dataDir: config.dataDir,
});
try {
  await runMigrations(database);
  await ensureMessagePrices(database.db, config);
  const result = await seedDemoData({
    config,
    database,
    redis: undefined,
    attempts: new MemoryAttemptCounter(),
    realtimeEvents: { kick: () => {} },
    memberConnections: { close: async () => {}, leaveChannel: async () => {} },
    caches: new Caches(),
    events: new DomainEvents(logger),
    jobs: { kick: () => {} },
    storage: createFileStorage(config),
    logger,
  });
  process.stdout.write(`Seeded ${result.profiles} demo profiles, the demo member and the admin.\n`);
} finally {
  await database.close();
}

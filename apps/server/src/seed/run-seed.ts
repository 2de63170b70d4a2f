import { ensureMessagePrices } from "../modules/credits/prices";
import { loadConfig } from "../platform/config";
import { openDatabase } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { loadEnvFile } from "../platform/load-env-file";
import { createLogger } from "../platform/logging/logger";
import { MemoryAttemptCounter } from "../platform/rate-limit/attempt-counter";
import { LocalDiskStorage } from "../platform/storage/storage";
import { seedDemoData } from "./seed";

/** `npm run seed`: applies migrations and (re)seeds the demo data; idempotent. */
loadEnvFile();
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  await ensureMessagePrices(database.db, config);
  const result = await seedDemoData({
    config,
    database,
    redis: undefined,
    attempts: new MemoryAttemptCounter(),
    realtimeEvents: { kick: () => {} },
    memberConnections: { close: async () => {} },
    jobs: { kick: () => {} },
    storage: new LocalDiskStorage(`${config.dataDir}/uploads`),
    logger,
  });
  process.stdout.write(`Seeded ${result.profiles} demo profiles, the demo member and the admin.\n`);
} finally {
  await database.close();
}

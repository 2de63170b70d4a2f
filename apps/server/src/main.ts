import { loadConfig } from "./platform/config";
import { loadEnvFile } from "./platform/load-env-file";
import { createLogger } from "./platform/logging/logger";
import { startServer } from "./server";

loadEnvFile();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);

try {
  const server = await startServer(config, { logger });
  const lines = [
    "",
    `  ${config.siteName} is running at ${config.appUrl}`,
    `  Database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}/pglite`}`,
    `  Redis: ${config.redisUrl ? "REDIS_URL" : "not configured (single process)"}`,
  ];
  if (config.developmentFeatures) {
    lines.push(
      `  Demo member: ${config.demo.memberEmail} / ${config.demo.memberPassword}`,
      `  Demo admin:  ${config.demo.adminEmail} / ${config.demo.adminPassword}`,
      `  Demo operator: ${config.demo.operatorEmail} / ${config.demo.operatorPassword} (console at ${config.appUrl}/operator)`,
    );
  }
  if (config.maintenance) lines.push("  MAINTENANCE=1: the API answers 503 and the site shows /maintenance");
  // The banner is for the person at the terminal, not the structured log.
  process.stdout.write(`${lines.join("\n")}\n\n`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
} catch (error) {
  logger.fatal({ err: error }, "failed to start");
  process.exit(1);
}

import { defineConfig } from "vitest/config";
import { SERVER_FILES_THAT_MOCK_MODULES } from "./apps/server/src/test/module-isolation.ts";

/** A positive whole number from the environment, or undefined (vitest's default). */
function workersFrom(variable: string): number | undefined {
  const value = Number(process.env[variable]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** What both server projects share. */
const serverTests = {
  environment: "node" as const,
  // Migrations run once per run, into a template every test database copies (databases.global.ts).
  globalSetup: ["apps/server/src/test/log-secrets.global.ts", "apps/server/src/test/databases.global.ts"],
  // argon2 at its minimum cost in this project's workers only (auth/passwords.ts; refused outside NODE_ENV=test).
  env: { VELVET_TEST_MINIMUM_PASSWORD_COST: "1" },
  testTimeout: 60_000,
  hookTimeout: 90_000,
  // Workers per run (vitest's default is cores - 1); .ci/run sets it for each of its lanes.
  maxWorkers: workersFrom("VELVET_TEST_WORKERS"),
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          ...serverTests,
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          // The fault tests stop and kill servers of their own: their own project, run serially (test:faults).
          exclude: ["apps/server/src/faults/**", ...SERVER_FILES_THAT_MOCK_MODULES],
          // One module graph per worker, not per file: importing the server graph again for every file cost ~2 s
          // a file (vitest's "import" time). Each file still starts its own server on its own database.
          isolate: process.env.VELVET_TEST_ISOLATE === "1",
        },
      },
      {
        // vi.mock replaces a module only for the modules evaluated after it: in a shared module graph the server
        // was already imported by an earlier file, so these files get a graph of their own.
        test: { ...serverTests, name: "server-isolated", include: SERVER_FILES_THAT_MOCK_MODULES },
      },
      {
        test: {
          name: "faults",
          include: ["apps/server/src/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/src/test/log-secrets.global.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        define: {
          __SITE_KEY__: JSON.stringify("test-site-key"),
          __LOCAL_ENVIRONMENT__: "true",
          // The unit tests check answers against the contract, as development does (vite.config.ts checksResponses).
          __CHECK_API_RESPONSES__: "true",
        },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/build/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          // A browser test that passes in 20-30 s on a quiet machine can take twice that while CI runs the server
          // suites on the same two cores (2026-11-27: the route walks passed 60 s), so the limit leaves room for that.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One file at a time by default (they share one server); VELVET_E2E_WORKERS runs that many at once.
          fileParallelism: (workersFrom("VELVET_E2E_WORKERS") ?? 1) > 1,
          maxWorkers: workersFrom("VELVET_E2E_WORKERS"),
        },
      },
    ],
  },
});

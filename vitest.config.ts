import { defineConfig } from "vitest/config";

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
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          // The fault tests stop and kill servers of their own: their own project, run serially (test:faults).
          exclude: ["apps/server/src/faults/**"],
          environment: "node",
          globalSetup: ["apps/server/src/test/log-secrets.global.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
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
        define: { __SITE_KEY__: JSON.stringify("test-site-key"), __LOCAL_ENVIRONMENT__: "true" },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

import type { TestProject } from "vitest/node";
import { startE2eServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    maintenanceUrl: string;
  }
}

/** One seeded server for the browser tests, and one in maintenance mode. */
export default async function setup(project: TestProject) {
  // The maintenance server only shows /maintenance and answers 503: no demo data to seed (600 photos), which took
  // CPU from the seeding of the server every other test uses while both started.
  const [site, maintenance] = await Promise.all([
    startE2eServer(),
    startE2eServer({ MAINTENANCE: "1", SEED_DEMO_DATA: "0" }),
  ]);
  project.provide("baseUrl", site.url);
  project.provide("maintenanceUrl", maintenance.url);
  return async () => {
    await Promise.all([site.stop(), maintenance.stop()]);
  };
}

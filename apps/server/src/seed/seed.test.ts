import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { australianStateCodes } from "@velvet/shared/constants/australia";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppContext } from "../platform/app-context";
import { Caches } from "../platform/cache/caches";
import { loadConfig, TEST_PASSWORD_HASH_VARIABLE } from "../platform/config";
import { users } from "../platform/db/schema/members";
import { operatorTemplates } from "../platform/db/schema/operator";
import { photos } from "../platform/db/schema/profiles";
import { DomainEvents } from "../platform/events/domain-events";
import { createLogger } from "../platform/logging/logger";
import { MemoryAttemptCounter } from "../platform/rate-limit/attempt-counter";
import { LocalDiskStorage } from "../platform/storage/storage";
import { openTestDatabase } from "../test/support";
import { DEMO_PROFILE_COUNT, seedDemoData, seedIfEmpty } from "./seed";

function ageOn(birthdate: string, today: Date): number {
  const [year, month, day] = birthdate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day)) age--;
  return age;
}

describe("demo data seed", () => {
  let context: AppContext;
  let dataDir: string;
  let closeDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // The demo accounts' hashes are checked at the real argon2 cost, not the suite's minimum (vitest.config.ts).
    vi.stubEnv(TEST_PASSWORD_HASH_VARIABLE, "");
    dataDir = await mkdtemp(path.join(tmpdir(), "velvet-seed-"));
    const opened = await openTestDatabase("seed");
    closeDatabase = opened.close;
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    const database = opened.database;
    context = {
      config,
      database,
      redis: undefined,
      attempts: new MemoryAttemptCounter(),
      realtimeEvents: { kick: () => {} },
      memberConnections: { close: async () => {}, leaveChannel: async () => {} },
      caches: new Caches(),
      events: new DomainEvents(),
      jobs: { kick: () => {} },
      storage: new LocalDiskStorage(`${dataDir}/uploads`),
      logger: createLogger("silent"),
    };
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await closeDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses to seed anywhere but a developer's machine (npm run seed included)", async () => {
    // A public address starts only with secrets of its own (config.ts), so this one has them.
    const ownSecrets = { APP_SECRET: "s".repeat(40), PUSHER_SECRET: "p".repeat(24), SITE_KEYS: "staging-site-key" };
    const publicSite = {
      ...context,
      config: loadConfig({ NODE_ENV: "test", APP_URL: "https://velvet.example", ...ownSecrets }),
    };
    await expect(seedDemoData(publicSite)).rejects.toThrow(/Refusing to seed demo data/);
    const [row] = await context.database.db.select({ total: count() }).from(users);
    expect(row?.total).toBe(0);
  });

  it("seeds an empty database once, then leaves it alone", async () => {
    expect(await seedIfEmpty(context)).toBe(true);
    expect(await seedIfEmpty(context)).toBe(false);
  }, 180_000);

  it("creates at least 300 varied fictional profiles across Australia, aged 18 to 70", async () => {
    const profiles = await context.database.db.select().from(users).where(eq(users.isFictional, true));
    expect(profiles.length).toBeGreaterThanOrEqual(300);
    expect(profiles.length).toBe(DEMO_PROFILE_COUNT);
    const today = new Date();
    const ages = profiles.map((profile) => ageOn(profile.birthdate ?? "", today));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(70);
    expect(new Set(profiles.map((profile) => profile.gender))).toEqual(new Set(["male", "female"]));
    expect(new Set(profiles.map((profile) => profile.state))).toEqual(new Set(australianStateCodes));
    expect(new Set(profiles.map((profile) => profile.bodyType)).size).toBeGreaterThan(3);
    expect(new Set(profiles.map((profile) => profile.hairColor)).size).toBeGreaterThan(3);
    expect(new Set(profiles.map((profile) => profile.aboutMe)).size).toBeGreaterThan(100);
    for (const profile of profiles) expect(profile.username).toMatch(/^[A-Za-z0-9_-]{3,20}$/);
  });

  it("gives every fictional profile 2 or 3 locally drawn, approved photos on disk, one of them primary", async () => {
    const rows = await context.database.db
      .select({ key: photos.storageKey, status: photos.status, userId: photos.userId, isPrimary: photos.isPrimary })
      .from(photos)
      .innerJoin(users, eq(users.id, photos.userId))
      .where(eq(users.isFictional, true));
    const perUser = new Map<number, typeof rows>();
    for (const row of rows) perUser.set(row.userId, [...(perUser.get(row.userId) ?? []), row]);
    expect(perUser.size).toBe(DEMO_PROFILE_COUNT);
    for (const list of perUser.values()) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(3);
      expect(list.filter((photo) => photo.isPrimary)).toHaveLength(1);
    }
    for (const row of rows.slice(0, 20)) {
      expect(row.status).toBe("approved");
      const file = await context.storage.get(`${row.key}-large.webp`);
      expect(file?.subarray(8, 12).toString()).toBe("WEBP");
    }
  });

  it("schedules fictional profiles online so that some are online at every hour of the day", async () => {
    const profiles = await context.database.db
      .select({ hours: users.onlineHours })
      .from(users)
      .where(eq(users.isFictional, true));
    const covered = new Set(profiles.flatMap((profile) => profile.hours));
    expect([...covered].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    for (const profile of profiles) expect(profile.hours.length).toBeGreaterThanOrEqual(4);
  });

  it("creates the demo member, an admin who is also an operator, and an operator, with argon2id hashes", async () => {
    const [member] = await context.database.db
      .select()
      .from(users)
      .where(eq(users.email, context.config.demo.memberEmail));
    const [admin] = await context.database.db
      .select()
      .from(users)
      .where(eq(users.email, context.config.demo.adminEmail));
    const [operator] = await context.database.db
      .select()
      .from(users)
      .where(eq(users.email, context.config.demo.operatorEmail));
    expect(member?.roles).toEqual(["member"]);
    expect(admin?.roles).toEqual(["admin", "operator"]);
    expect(operator?.roles).toEqual(["operator"]);
    expect(member?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(member?.passwordHash).not.toContain(context.config.demo.memberPassword);
  });

  it("gives the operator console a few templates with short codes", async () => {
    const templates = await context.database.db.select().from(operatorTemplates);
    expect(templates.map((template) => template.code)).toEqual(expect.arrayContaining(["hi", "fc-local"]));
    expect(new Set(templates.map((template) => template.kind))).toEqual(new Set(["canned", "first_contact"]));
  });

  it("is idempotent when run again (npm run seed)", async () => {
    const before = await context.database.db.select({ total: count() }).from(users);
    const photosBefore = await context.database.db.select({ total: count() }).from(photos);
    const templatesBefore = await context.database.db.select({ total: count() }).from(operatorTemplates);
    await seedDemoData(context);
    expect(await context.database.db.select({ total: count() }).from(operatorTemplates)).toEqual(templatesBefore);
    expect(await context.database.db.select({ total: count() }).from(users)).toEqual(before);
    expect(await context.database.db.select({ total: count() }).from(photos)).toEqual(photosBefore);
  });
});
